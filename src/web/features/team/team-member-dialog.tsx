import { CircleCheck, CircleSlash, Link2 } from 'lucide-react';
import { useState } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import {
  type TeamMember,
  type TeamMemberUpdateInput,
  TeamMemberUpdateSchema,
} from '../../../shared/contracts/team.ts';
import { ROLE_LABELS } from '../../../shared/rules/roles.ts';
import { TEAM_LIMITS } from '../../../shared/rules/team.ts';
import { errorMessage, isSessionError } from '../../lib/api-client.ts';
import { applyServerFieldErrors } from '../../lib/form-errors.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { Button } from '../../ui/button.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import {
  DETAIL_LABEL_CLASS,
  DetailField,
  type PersonDialogActions,
  PersonDialogFooter,
} from '../../ui/detail-field.tsx';
import { Modal } from '../../ui/modal.tsx';
import { SaveInPlaceForm } from '../../ui/save-in-place-form.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { useResetTwoFactor, useUpdateTeamMember } from './api.ts';
import { RoleChoice } from './role-choice.tsx';
import { TeamMemberStatusBadge, TwoFactorBadge } from './team-member-status.tsx';

/**
 * The server's refusal under `field`: its own field message, or else its message (e.g. the last
 * administrator's), so that the reason stands beside what was tried.
 */
function showRefusalAt<Values extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<Values>,
  field: Path<Values>,
  fallback: string,
) {
  if (isSessionError(error)) return;
  if (applyServerFieldErrors(error, setError, [field])) return;
  setError(field, { type: 'server', message: errorMessage(error, fallback) }, { shouldFocus: true });
}

/** The user's name, changed in place. */
function NameForm({ user }: { user: TeamMember }) {
  const update = useUpdateTeamMember();
  const { field, ...form } = useZodForm<TeamMemberUpdateInput, TeamMemberUpdateInput>(
    TeamMemberUpdateSchema,
    {
      defaultValues: { name: user.name },
    },
  );
  const onSubmit = form.handleSubmit(({ name }) =>
    update.mutateAsync({ id: user._id, body: { name } }).then(
      ({ message }) => toast.success(message),
      (error: unknown) => showRefusalAt(error, form.setError, 'name', 'Failed to change the name'),
    ),
  );
  return (
    <SaveInPlaceForm form={form} mutation={update} onSubmit={onSubmit} saveLabel="Save name">
      <TextField label="Name" autoComplete="off" maxLength={TEAM_LIMITS.name} {...field('name')} />
    </SaveInPlaceForm>
  );
}

/** The user's role; the server keeps at least one active administrator. */
function RoleForm({ user }: { user: TeamMember }) {
  const update = useUpdateTeamMember();
  const form = useZodForm<TeamMemberUpdateInput, TeamMemberUpdateInput>(TeamMemberUpdateSchema, {
    defaultValues: { role: user.role },
  });
  const role = useWatch({ control: form.control, name: 'role' });
  const onSubmit = form.handleSubmit(({ role: next }) =>
    update.mutateAsync({ id: user._id, body: { role: next } }).then(
      ({ message }) => toast.success(message),
      (error: unknown) => showRefusalAt(error, form.setError, 'role', 'Failed to change the role'),
    ),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3">
      <RoleChoice field={form.register('role')} value={role} error={form.formState.errors.role?.message} />
      <Button type="submit" variant="secondary" disabled={role === user.role || update.isPending}>
        {update.isPending ? 'Saving...' : 'Save role'}
      </Button>
    </form>
  );
}

/** Disable (cannot sign in; signed out at once) or enable again. */
function AccessToggle({ user }: { user: TeamMember }) {
  const update = useUpdateTeamMember();
  const [refusal, setRefusal] = useState<string | null>(null);
  const disabled = user.status === 'disabled';
  const toggle = () => {
    setRefusal(null);
    update.mutate(
      { id: user._id, body: { disabled: !disabled } },
      {
        onSuccess: ({ message }) => toast.success(message),
        onError: (error) => {
          if (!isSessionError(error)) {
            setRefusal(
              errorMessage(error, disabled ? 'Failed to enable the user' : 'Failed to disable the user'),
            );
          }
        },
      },
    );
  };
  return (
    <>
      <p className="text-sm text-slate-700">
        {disabled
          ? `${user.name} cannot sign in. Enabling lets them sign in again with their password.`
          : `Disabling signs ${user.name} out everywhere and stops them signing in, until enabled again.`}
      </p>
      <Button variant="secondary" onClick={toggle} disabled={update.isPending}>
        {disabled ? (
          <CircleCheck aria-hidden="true" className="size-4" />
        ) : (
          <CircleSlash aria-hidden="true" className="size-4" />
        )}
        {update.isPending ? 'Saving...' : disabled ? 'Enable' : 'Disable'}
      </Button>
      <p role="alert" className="text-sm text-red-700 empty:hidden">
        {refusal}
      </p>
    </>
  );
}

/** Who may sign in: never taken away from oneself (the server refuses it too); another administrator can. */
function AccessSection({ user, you }: { user: TeamMember; you: boolean }) {
  return (
    <section aria-labelledby="team-member-access" className="space-y-2">
      <h3 id="team-member-access" className={DETAIL_LABEL_CLASS}>
        Access
      </h3>
      {you ? (
        <p className="text-sm text-slate-700">
          You cannot disable or delete your own account; another administrator can.
        </p>
      ) : (
        <AccessToggle user={user} />
      )}
    </section>
  );
}

/**
 * Turns off a user's second factor when they lost their phone and recovery codes; asked twice, as it also
 * signs them out everywhere. Not for one's own (My Profile turns it off with the password).
 */
function TwoFactorReset({ user }: { user: TeamMember }) {
  const reset = useResetTwoFactor();
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <Button variant="secondary" onClick={() => setAsking(true)} className="mt-2">
        Reset two-factor sign-in
      </Button>
    );
  }
  return (
    <fieldset aria-label="Reset two-factor sign-in" className="mt-2 min-w-0 space-y-2 border-0 p-0">
      <p className="text-sm text-slate-700">
        {user.name} will sign in with the password alone until they set it up again, and is signed out
        everywhere now.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="danger"
          disabled={reset.isPending}
          onClick={() =>
            reset.mutateAsync(user._id).then(
              ({ message }) => {
                toast.success(message);
                setAsking(false);
              },
              (error: unknown) => {
                if (!isSessionError(error))
                  toast.error(errorMessage(error, 'Failed to reset two-factor sign-in'));
              },
            )
          }
        >
          {reset.isPending ? 'Resetting…' : 'Reset it'}
        </Button>
        <Button variant="secondary" onClick={() => setAsking(false)}>
          Cancel
        </Button>
      </div>
    </fieldset>
  );
}

export interface TeamMemberDialogProps extends PersonDialogActions<TeamMember> {
  /** The user to manage (as the list has them now); null when the dialog is closed. */
  user: TeamMember | null;
  /** Whether it is the signed-in user. */
  you: boolean;
  onNewInvitation: (user: TeamMember) => void;
}

/** One back-office user: details, name, role, disable or enable, password or invitation, delete. */
export function TeamMemberDialog({
  user,
  you,
  onClose,
  onResetPassword,
  onNewInvitation,
  onDelete,
  onCloseAutoFocus,
}: TeamMemberDialogProps) {
  return (
    <Modal
      open={user !== null}
      onOpenChange={(open) => !open && onClose()}
      title={user ? `${user.name}${you ? ' (you)' : ''}` : 'User'}
      description={user?.email}
      onCloseAutoFocus={onCloseAutoFocus}
      footer={
        <PersonDialogFooter
          person={user}
          onClose={onClose}
          // One's own password is changed in My Profile, with the current one; an invited user has none yet.
          onResetPassword={you || user?.status === 'invited' ? undefined : onResetPassword}
          onDelete={you ? undefined : onDelete}
        >
          {(shownUser) =>
            shownUser.status === 'invited' && (
              <Button variant="secondary" onClick={() => onNewInvitation(shownUser)}>
                <Link2 aria-hidden="true" className="size-4" />
                New invitation link
              </Button>
            )
          }
        </PersonDialogFooter>
      }
    >
      {user && (
        <div className="space-y-6">
          <dl className="grid gap-4 sm:grid-cols-2">
            <DetailField label="Role">{ROLE_LABELS[user.role]}</DetailField>
            <DetailField label="Status">
              <TeamMemberStatusBadge status={user.status} />
            </DetailField>
            <DetailField label="Two-factor sign-in">
              <TwoFactorBadge on={user.twoFactor} />
              {user.twoFactor && !you && <TwoFactorReset key={user._id} user={user} />}
            </DetailField>
            <DetailField label="Last sign-in">
              {user.lastSignInAt ? <DateTime value={user.lastSignInAt} /> : 'Never'}
            </DetailField>
            <DetailField label="Added">
              <DateTime value={user.createdAt} />
            </DetailField>
          </dl>
          {/* Fresh forms whenever what is stored changes, so they always start from it. */}
          <NameForm key={`name:${user._id}:${user.name}`} user={user} />
          <RoleForm key={`role:${user._id}:${user.role}`} user={user} />
          <AccessSection user={user} you={you} />
        </div>
      )}
    </Modal>
  );
}
