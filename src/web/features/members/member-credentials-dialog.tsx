import { type ReactNode, useState } from 'react';
import type { MemberCredentials } from '../../../shared/contracts/members.ts';
import { isSessionError } from '../../lib/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { Modal } from '../../ui/modal.tsx';
import { MemberCredentialsPanel } from './member-credentials.tsx';

/** What the dialog hands its form. */
export interface CredentialsFormControls {
  /** With the server's answer: the dialog shows the ID and its password, once. */
  showCredentials: (credentials: MemberCredentials) => void;
  /** Around the form's request: the dialog's buttons wait, and it cannot be closed meanwhile. */
  onPendingChange: (pending: boolean) => void;
}

/** A mutation whose answer is a member's ID with a password. */
interface CredentialsMutation<Variables> {
  mutateAsync: (variables: Variables) => Promise<MemberCredentials>;
  reset: () => void;
}

/**
 * A form's request for a member's password, with the dialog waiting meanwhile. `onAnswer` gets the ID
 * and password; `onRefused` any refusal but a lost session (the sign-in screen takes over then).
 */
export async function requestCredentials<Variables>(
  mutation: CredentialsMutation<Variables>,
  variables: Variables,
  {
    onPendingChange,
    onAnswer,
    onRefused,
  }: {
    onPendingChange: (pending: boolean) => void;
    onAnswer: (credentials: MemberCredentials) => void;
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

export interface MemberCredentialsDialogProps {
  open: boolean;
  /** While the form shows. */
  title: string;
  /** Once the password is shown. */
  doneTitle: string;
  description?: ReactNode;
  /** Instead of `description` once the password is shown. */
  doneDescription?: ReactNode;
  /** The id of the form's <form>, which the submit button in the footer submits. */
  formId: string;
  submitLabel: string;
  pendingLabel: string;
  /** For the WhatsApp message with the ID. */
  brandName: string | undefined;
  onClose: () => void;
  onCloseAutoFocus?: (event: Event) => void;
  /** The form. */
  children: (controls: CredentialsFormControls) => ReactNode;
}

/**
 * A form that gives a member a password (a new member, a reset), then the member's ID with that password,
 * shown once. Closing forgets the password.
 */
export function MemberCredentialsDialog({
  open,
  title,
  doneTitle,
  description,
  doneDescription = description,
  formId,
  submitLabel,
  pendingLabel,
  brandName,
  onClose,
  onCloseAutoFocus,
  children,
}: MemberCredentialsDialogProps) {
  const [credentials, setCredentials] = useState<MemberCredentials | null>(null);
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
      title={credentials ? doneTitle : title}
      description={credentials ? doneDescription : description}
      className="max-w-xl"
      onCloseAutoFocus={onCloseAutoFocus}
      footer={
        credentials ? (
          <div className="flex justify-end">
            <Button onClick={close}>Done</Button>
          </div>
        ) : (
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={close} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" form={formId} disabled={pending} aria-busy={pending || undefined}>
              {pending ? pendingLabel : submitLabel}
            </Button>
          </div>
        )
      }
    >
      {credentials ? (
        <MemberCredentialsPanel credentials={credentials} brandName={brandName} />
      ) : (
        children({ showCredentials: setCredentials, onPendingChange: setPending })
      )}
    </Modal>
  );
}
