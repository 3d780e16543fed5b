import { type ReactNode, useState } from 'react';
import { z } from 'zod';
import { InvitationAcceptSchema, type InvitationInfo } from '../../../shared/contracts/team.ts';
import { ADMIN_PASSWORD_MIN_LENGTH } from '../../../shared/rules/admin-auth.ts';
import { INVITATION_INVALID_MESSAGE } from '../../../shared/rules/team.ts';
import { ApiRequestError, errorMessage } from '../../lib/api-client.ts';
import { applyServerFieldErrors } from '../../lib/form-errors.ts';
import { CHECK_FROM_FIRST_SUBMIT, useZodForm } from '../../lib/use-zod-form.ts';
import { Button } from '../../ui/button.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { LoadFailed } from '../../ui/load-failed.tsx';
import { LoadingState } from '../../ui/loading-state.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { useAcceptInvitation, useInvitation } from './api.ts';

// The confirmation is a typing check for this page only; the server never sees it.
const InvitationFormSchema = InvitationAcceptSchema.omit({ token: true })
  .safeExtend({ confirmPassword: z.string().min(1, 'Confirm the password') })
  .refine((input) => input.confirmPassword === input.password, {
    path: ['confirmPassword'],
    message: 'The passwords do not match',
  });

/**
 * A link that names no invitation now (unknown, used, replaced or expired): the server answers 404, or 400
 * on the token for one that cannot be a token at all (cut short when pasted).
 */
function isInvalidLink(error: unknown): boolean {
  return error instanceof ApiRequestError && (error.status === 404 || error.status === 400);
}

/** Setting the password was refused for the link, not for the password. */
function linkEnded(error: unknown): boolean {
  return (
    error instanceof ApiRequestError &&
    (error.status === 404 || (error.status === 400 && error.fieldErrors.token !== undefined))
  );
}

function InvalidLink() {
  return (
    <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
      {INVITATION_INVALID_MESSAGE}
    </p>
  );
}

function PasswordForm({
  token,
  invitation,
  onAccepted,
  onInvalid,
}: {
  token: string;
  invitation: InvitationInfo;
  onAccepted: () => void;
  onInvalid: () => void;
}) {
  const accept = useAcceptInvitation();
  const { field, ...form } = useZodForm(InvitationFormSchema, {
    defaultValues: { password: '', confirmPassword: '' },
    ...CHECK_FROM_FIRST_SUBMIT,
  });
  const onSubmit = form.handleSubmit(({ password }) =>
    accept.mutateAsync({ token, password }).then(onAccepted, (error: unknown) => {
      if (linkEnded(error)) onInvalid();
      else if (!applyServerFieldErrors(error, form.setError, ['password'])) {
        form.setError('root.server', {
          message: errorMessage(error, 'Your password could not be set. Please try again.'),
        });
      }
    }),
  );
  const busy = form.formState.isSubmitting;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-sm text-slate-700">
        Welcome, {invitation.name}. Choose the password you will sign in with. This link works until{' '}
        <DateTime value={invitation.expiresAt} />.
      </p>
      <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 empty:hidden">
        {form.formState.errors.root?.server?.message}
      </p>
      {/* For password managers: the account the new password belongs to. */}
      <input type="email" name="username" autoComplete="username" value={invitation.email} readOnly hidden />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${ADMIN_PASSWORD_MIN_LENGTH} characters.`}
        {...field('password')}
      />
      <TextField
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        {...field('confirmPassword')}
      />
      <Button type="submit" disabled={busy} className="w-full">
        {busy ? 'Setting password...' : 'Set password'}
      </Button>
    </form>
  );
}

export interface InvitationFormProps {
  /** The token from the link (after #); empty when the link has none. */
  token: string;
  /** Once the password is set, with the email to sign in with. */
  onAccepted: (email: string) => void;
}

function Heading({ children }: { children: ReactNode }) {
  return <h1 className="mt-1 mb-4 text-2xl font-bold break-words text-slate-900">{children}</h1>;
}

/**
 * The invitation page's body: asks the server whose link it is, then lets that person set a password.
 * An unknown, used, replaced or expired link says so.
 */
export function InvitationForm({ token, onAccepted }: InvitationFormProps) {
  const invitation = useInvitation(token);
  // The link can end while the page is open (a newer one made, 48 hours over): the server says so then.
  const [ended, setEnded] = useState(false);
  if (!token || ended || (invitation.isError && isInvalidLink(invitation.error))) {
    return (
      <>
        <Heading>Invitation link not valid</Heading>
        <InvalidLink />
      </>
    );
  }
  if (invitation.data) {
    const { email } = invitation.data;
    return (
      <>
        <Heading>
          Set a password for <span className="break-all">{email}</span>
        </Heading>
        <PasswordForm
          token={token}
          invitation={invitation.data}
          onAccepted={() => onAccepted(email)}
          onInvalid={() => setEnded(true)}
        />
      </>
    );
  }
  return (
    <>
      <Heading>Set your password</Heading>
      {invitation.isError ? (
        <LoadFailed look="dialog" onRetry={() => void invitation.refetch()}>
          The invitation could not be checked.
        </LoadFailed>
      ) : (
        <LoadingState label="Checking your invitation..." />
      )}
    </>
  );
}
