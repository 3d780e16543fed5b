import { type ReactNode, useState } from 'react';
import { isSessionError } from '../lib/api-client.ts';
import { Button } from './button.tsx';
import { Modal } from './modal.tsx';

/** What the dialog hands its form. */
export interface CredentialsFormControls<Credentials> {
  /** With the server's answer: the dialog shows the password (or link), once. */
  showCredentials: (credentials: Credentials) => void;
  /** Around the form's request: the dialog's buttons wait, and it cannot be closed meanwhile. */
  onPendingChange: (pending: boolean) => void;
}

/** A mutation whose answer carries a password (or a link) to show once. */
interface CredentialsMutation<Variables, Credentials> {
  mutateAsync: (variables: Variables) => Promise<Credentials>;
  reset: () => void;
}

/**
 * A form's request for a password (or a link), with the dialog waiting meanwhile. `onAnswer` gets the
 * answer; `onRefused` any refusal but a lost session (the sign-in screen takes over then).
 */
export async function requestCredentials<Variables, Credentials>(
  mutation: CredentialsMutation<Variables, Credentials>,
  variables: Variables,
  {
    onPendingChange,
    onAnswer,
    onRefused,
  }: {
    onPendingChange: (pending: boolean) => void;
    onAnswer: (credentials: Credentials) => void;
    onRefused: (error: unknown) => void;
  },
): Promise<void> {
  onPendingChange(true);
  try {
    const credentials = await mutation.mutateAsync(variables);
    // Nothing of the answer stays with the mutation: the dialog holds the password until it closes.
    mutation.reset();
    onAnswer(credentials);
  } catch (error) {
    if (!isSessionError(error)) onRefused(error);
  } finally {
    onPendingChange(false);
  }
}

export interface CredentialsDialogProps<Credentials> {
  open: boolean;
  /** While the form shows. */
  title: string;
  /** Once the password is shown; may depend on the answer (a password or a link). */
  doneTitle: string | ((credentials: Credentials) => string);
  description?: ReactNode;
  /** Instead of `description` once the password is shown. */
  doneDescription?: ReactNode;
  /** The id of the form's <form>, which the submit button in the footer submits. */
  formId: string;
  submitLabel: string;
  pendingLabel: string;
  onClose: () => void;
  onCloseAutoFocus?: (event: Event) => void;
  /** The form. */
  children: (controls: CredentialsFormControls<Credentials>) => ReactNode;
  /** The answer, shown once (a ShownOncePanel). */
  renderCredentials: (credentials: Credentials) => ReactNode;
}

/**
 * A form that gives someone a password (a new account, a reset) or a link, then that password or link,
 * shown once. Closing forgets it.
 */
export function CredentialsDialog<Credentials>({
  open,
  title,
  doneTitle,
  description,
  doneDescription = description,
  formId,
  submitLabel,
  pendingLabel,
  onClose,
  onCloseAutoFocus,
  children,
  renderCredentials,
}: CredentialsDialogProps<Credentials>) {
  const [credentials, setCredentials] = useState<Credentials | null>(null);
  const [pending, setPending] = useState(false);

  const close = () => {
    if (pending) return;
    setCredentials(null);
    onClose();
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && close()}
      // A stray tap beside the dialog must not lose the password shown once, nor what was typed.
      dismissOnOutsideClick={false}
      title={
        credentials === null ? title : typeof doneTitle === 'string' ? doneTitle : doneTitle(credentials)
      }
      description={credentials === null ? description : doneDescription}
      className="max-w-xl"
      onCloseAutoFocus={onCloseAutoFocus}
      footer={
        credentials === null ? (
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={close} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" form={formId} disabled={pending} aria-busy={pending || undefined}>
              {pending ? pendingLabel : submitLabel}
            </Button>
          </div>
        ) : (
          <div className="flex justify-end">
            <Button onClick={close}>Done</Button>
          </div>
        )
      }
    >
      {credentials === null
        ? children({ showCredentials: setCredentials, onPendingChange: setPending })
        : renderCredentials(credentials)}
    </Modal>
  );
}
