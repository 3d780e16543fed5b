import { Link } from 'react-router';
import { Button } from '../../ui/button.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { useSignInSummary } from './api.ts';

/**
 * After a sign-in, how many wrong passwords were tried on the account since the previous one: the owner
 * learns that someone is guessing. Stays until dismissed; nothing shows when there were none.
 */
export function SignInNotice() {
  const { summary, dismiss } = useSignInSummary();
  if (!summary || summary.failedAttempts === 0) return null;
  const count = summary.failedAttempts;

  return (
    <div
      role="alert"
      className="mb-4 flex flex-wrap items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      <p className="min-w-0 flex-1">
        <strong className="font-semibold">
          {count.toLocaleString()} failed sign-in {count === 1 ? 'attempt' : 'attempts'}
        </strong>{' '}
        {summary.previousAt ? (
          <>
            since your last sign-in on <DateTime value={summary.previousAt} />.
          </>
        ) : (
          'before this first sign-in.'
        )}{' '}
        If that was not you, change your password under{' '}
        <Link to="/admin/profile" className="font-medium underline underline-offset-2">
          My Profile
        </Link>
        .
      </p>
      <Button variant="secondary" onClick={dismiss}>
        Dismiss
      </Button>
    </div>
  );
}
