import { type FormEventHandler, type ReactNode, useId } from 'react';
import { Button } from '../../ui/button.tsx';

export interface SignInStepFormProps {
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** Why the last try failed: said at once, and describing the form while it stands. */
  failure: string | null;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  /** The fields. */
  children: ReactNode;
  /** Below the button (the demo's credentials). */
  after?: ReactNode;
}

/** A step of signing in (the password, then perhaps a code): its fields, why the last try failed, and one wide button. */
export function SignInStepForm({
  onSubmit,
  failure,
  busy,
  submitLabel,
  busyLabel,
  children,
  after,
}: SignInStepFormProps) {
  const failureId = useId();
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="space-y-4"
      aria-describedby={failure ? failureId : undefined}
    >
      <div
        id={failureId}
        role="alert"
        className="empty:hidden rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700"
      >
        {failure}
      </div>
      {children}
      <Button type="submit" disabled={busy} className="w-full">
        {busy ? busyLabel : submitLabel}
      </Button>
      {after}
    </form>
  );
}
