import { LoaderCircle, TriangleAlert } from 'lucide-react';
import type { Ref } from 'react';
import { DELETION_RETENTION_DAYS } from '../../../shared/rules/account-deletion.ts';
import { useCopy } from '../../i18n/copy.tsx';
import { cx } from '../../lib/class-names.ts';

export const ACTION_BUTTON =
  'inline-flex min-h-12 items-center justify-center gap-2 rounded-xl px-5 py-3 font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 aria-disabled:cursor-not-allowed';

/**
 * The final confirmation step: a warning that this cannot be undone, Cancel back to the form, and the red
 * button that sends the request. A failure's message shows here and the step stays.
 *
 * While sending, the buttons are aria-disabled rather than disabled, so the focused one keeps the focus
 * (a disabled button drops it) and a screen reader user hears the failure from where they were.
 *
 * `native`: the server showed this step to the page posted without script; its buttons post the server's
 * confirmation back (or cancel), with or without script.
 */
export function DeletionConfirmation({
  mobile,
  native,
  sending,
  checking,
  error,
  headingRef,
  onConfirm,
  onCancel,
}: {
  /** The number as typed, with its country code. */
  mobile: string;
  native?: { action: string; fields: Record<string, string> } | undefined;
  sending: boolean;
  /** The browser is solving a proof of work before the request goes again. */
  checking: boolean;
  error: string | null;
  headingRef: Ref<HTMLHeadingElement>;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const copy = useCopy('account-deletion');
  const challenge = useCopy('challenge');
  const type = native ? 'submit' : 'button';
  const buttons = (
    <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      <button
        type={type}
        name="intent"
        value="cancel"
        aria-disabled={sending}
        onClick={sending || native ? undefined : onCancel}
        className={cx(
          ACTION_BUTTON,
          'bg-white text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:outline-indigo-600 aria-disabled:opacity-60',
        )}
      >
        {copy('confirm.cancel')}
      </button>
      <button
        type={type}
        aria-disabled={sending}
        onClick={sending || native ? undefined : onConfirm}
        className={cx(
          ACTION_BUTTON,
          'bg-red-800 text-white shadow-sm shadow-red-800/25 hover:bg-red-900 focus-visible:outline-red-700 aria-disabled:bg-red-600',
        )}
      >
        {sending && <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />}
        {checking ? challenge('checking') : sending ? copy('confirm.deleting') : copy('confirm.confirm')}
      </button>
    </div>
  );
  return (
    <section
      aria-labelledby="delete-confirm-heading"
      aria-describedby="delete-confirm-body"
      className="rounded-2xl bg-white p-6 shadow-sm ring-2 ring-red-300 sm:p-8"
    >
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-red-100 text-red-700">
        <TriangleAlert aria-hidden="true" className="size-6" />
      </span>
      <h2
        ref={headingRef}
        id="delete-confirm-heading"
        tabIndex={-1}
        className="mt-4 scroll-mt-24 text-xl font-bold text-slate-900 focus:outline-none sm:text-2xl"
      >
        {copy('confirm.heading')}
      </h2>
      <p id="delete-confirm-body" className="mt-2 font-semibold text-red-800">
        {copy('confirm.body', { mobile })}
      </p>
      <ul className="mt-3 list-disc space-y-1 pl-5 text-slate-700">
        {Array.from({ length: copy.count('confirm.consequences') }, (_, index) =>
          copy(`confirm.consequences.${index}`, { days: DELETION_RETENTION_DAYS }),
        ).map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      {error && (
        <p
          role="alert"
          className="mt-4 rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800 ring-1 ring-red-200"
        >
          {error}
        </p>
      )}
      {native ? (
        <form method="post" action={native.action}>
          {Object.entries(native.fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          {buttons}
        </form>
      ) : (
        buttons
      )}
    </section>
  );
}
