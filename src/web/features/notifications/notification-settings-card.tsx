import type { NotificationStatus } from '../../../shared/contracts/notifications.ts';
import { EMAIL_OFF_MESSAGE } from '../../../shared/rules/notifications.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { QueryContent } from '../../ui/query-content.tsx';
import { useNotificationStatus, useSendTestEmail } from './api.ts';

function TestEmail() {
  const send = useSendTestEmail();
  return (
    <div className="space-y-2">
      <Button variant="secondary" disabled={send.isPending} onClick={() => send.mutate()}>
        {send.isPending ? 'Sending...' : 'Send test email'}
      </Button>
      <p
        role="status"
        aria-live="polite"
        className={send.isError ? 'text-sm text-red-700' : 'text-sm text-slate-700'}
      >
        {send.isPending && 'Sending a test email to your address...'}
        {send.isSuccess && send.data}
        {send.isError && errorMessage(send.error, 'The test email could not be sent.')}
      </p>
    </div>
  );
}

function Failures({ failures }: { failures: NotificationStatus['failures'] }) {
  if (failures.length === 0) {
    return <p className="text-sm text-slate-700">No notification has been given up.</p>;
  }
  return (
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
      {failures.map((failure) => (
        <li key={failure.id} className="space-y-1 p-3 text-sm">
          <p className="font-medium text-slate-900">
            {failure.summary}
            {failure.recipient && <span className="font-normal break-all"> to {failure.recipient}</span>}
          </p>
          <p className="text-slate-600">
            Given up <DateTime value={failure.failedAt} /> after {failure.attempts} attempt
            {failure.attempts === 1 ? '' : 's'}.
          </p>
          <p className="break-words text-red-800">Last error: {failure.lastError}</p>
        </li>
      ))}
    </ul>
  );
}

function NotificationDetails({ status }: { status: NotificationStatus }) {
  const { email, links } = status;
  return (
    <div className="mt-3 space-y-4">
      {email.enabled ? (
        <div className="space-y-3">
          <p className="text-sm text-slate-700">
            Email notifications are on: sent from <span className="font-medium break-all">{email.from}</span>{' '}
            through <code className="break-all">{email.server}</code>. Each user chooses what they get in My
            Profile.
          </p>
          <TestEmail />
        </div>
      ) : (
        <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">{EMAIL_OFF_MESSAGE}</p>
      )}
      <p className="text-sm text-slate-700">
        Links in notifications open <code className="break-all">{links.origin}</code>.
        {!links.fromPublicOrigin &&
          ' Set PUBLIC_ORIGIN to the address the back office is reached at (e.g. https://support.example.in) so they work from a phone.'}
      </p>
      <p className="text-sm text-slate-700">
        Waiting to be sent or tried again: <span className="font-medium">{status.waiting}</span>
      </p>
      <section aria-labelledby="notification-failures-title" className="space-y-2">
        <h3 id="notification-failures-title" className="text-sm font-semibold text-slate-900">
          Given up
        </h3>
        <p className="text-sm text-slate-600">
          Deliveries refused for good or still failing after 24 hours, with the last error.
        </p>
        <Failures failures={status.failures} />
      </section>
    </div>
  );
}

/**
 * Settings' Notifications card: email on or off (the sender named by the current `brand`), a test email,
 * and what could not be delivered.
 */
export function NotificationSettingsCard({ brand }: { brand: string | undefined }) {
  const status = useNotificationStatus(brand);
  return (
    <Card titleId="notifications-settings-title" title="Notifications">
      <QueryContent query={status} noun="notifications" look="card">
        {(data) => <NotificationDetails status={data} />}
      </QueryContent>
    </Card>
  );
}
