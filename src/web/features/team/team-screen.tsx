import { UserPlus } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import type { TeamMember } from '../../../shared/contracts/team.ts';
import { ROLE_DESCRIPTIONS, ROLE_LABELS, ROLES } from '../../../shared/rules/roles.ts';
import { errorMessage, isSessionError } from '../../lib/api-client.ts';
import { useFocusReturn } from '../../lib/focus-return.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDeleteDialog } from '../../ui/confirm-dialog.tsx';
import { EmptyState, ListContent } from '../../ui/list-content.tsx';
import { useDeleteTeamMember, useTeam } from './api.ts';
import { TeamInvitationDialog } from './team-invitation-dialog.tsx';
import { TeamMemberCreateDialog } from './team-member-create-dialog.tsx';
import { TeamMemberDialog } from './team-member-dialog.tsx';
import { TeamMemberList } from './team-member-list.tsx';
import { TeamPasswordResetDialog } from './team-password-reset-dialog.tsx';

export interface TeamScreenProps {
  /** The signed-in administrator, marked "you" in the list. */
  signedInId: string;
  /** The business's name, for the WhatsApp message with a password or a link. */
  brandName: string | undefined;
  /** Where the back office is signed in to, for the message with a password. */
  signInUrl: string;
}

/** What each role may use, under the list, so the administrator picks knowingly. */
function RoleGuide() {
  return (
    <section
      aria-labelledby="team-roles"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="team-roles" className="text-base font-semibold text-slate-900">
        Roles
      </h2>
      <dl className="mt-2 grid gap-2 text-sm sm:grid-cols-3">
        {ROLES.map((role) => (
          <div key={role}>
            <dt className="font-medium text-slate-900">{ROLE_LABELS[role]}</dt>
            <dd className="text-slate-600">{ROLE_DESCRIPTIONS[role]}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The Team screen below its title: the back-office users and everything done to them. */
export function TeamScreen({ signedInId, brandName, signInUrl }: TeamScreenProps) {
  const team = useTeam();
  const users = team.data?.users ?? [];
  const [creating, setCreating] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const [resetting, setResetting] = useState<TeamMember | null>(null);
  const [inviting, setInviting] = useState<TeamMember | null>(null);
  const [deleting, setDeleting] = useState<TeamMember | null>(null);
  const [deleteRefusal, setDeleteRefusal] = useState<string | null>(null);
  const remove = useDeleteTeamMember();
  const createFocus = useFocusReturn();
  const openFocus = useFocusReturn();
  const resetFocus = useFocusReturn();
  const inviteFocus = useFocusReturn();
  const deleteFocus = useFocusReturn();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const deleted = useRef(false);
  // The open user as the list has them now, so the dialog shows every change at once.
  const open = users.find((user) => user._id === openId) ?? null;

  const askDelete = (user: TeamMember) => {
    deleteFocus.remember();
    setDeleteRefusal(null);
    setDeleting(user);
  };

  const confirmDelete = () => {
    if (!deleting) return;
    setDeleteRefusal(null);
    remove.mutate(deleting._id, {
      onSuccess: ({ message }) => {
        toast.success(message);
        deleted.current = true;
        setDeleting(null);
        setOpenId(null);
      },
      onError: (error) => {
        // The reason (e.g. the last administrator) stays in the dialog, beside the button that was refused.
        if (!isSessionError(error)) setDeleteRefusal(errorMessage(error, 'Failed to delete the user'));
      },
    });
  };

  /** Once a user is deleted their buttons are gone: focus goes to the list's heading instead. */
  const focusAfter = (restore: (event: Event) => void) => (event: Event) => {
    if (!deleted.current) return restore(event);
    event.preventDefault();
    headingRef.current?.focus();
  };

  return (
    <div className="space-y-6">
      <div className="flex justify-end">
        <Button
          onClick={() => {
            createFocus.remember();
            setCreating(true);
          }}
        >
          <UserPlus aria-hidden="true" className="size-4" />
          Add user
        </Button>
      </div>

      <section aria-labelledby="team-list-title" className="space-y-3">
        <h2
          id="team-list-title"
          ref={headingRef}
          tabIndex={-1}
          className="text-lg font-semibold text-slate-900 outline-none"
        >
          Users
          {team.data && (
            <span className="ml-2 text-sm font-normal text-slate-600">({users.length.toLocaleString()})</span>
          )}
        </h2>
        <ListContent
          query={team}
          noun="team"
          failed={team.isError && !team.data}
          empty={users.length === 0 && <EmptyState title="No users yet">Add one with Add user.</EmptyState>}
        >
          <TeamMemberList
            users={users}
            signedInId={signedInId}
            onOpen={(user, opener) => {
              // A click beside the name leaves focus where it was: the name's button gets it back on close.
              opener?.focus();
              openFocus.remember();
              deleted.current = false;
              setOpenId(user._id);
            }}
          />
        </ListContent>
      </section>

      <RoleGuide />

      <TeamMemberCreateDialog
        open={creating}
        brandName={brandName}
        signInUrl={signInUrl}
        onClose={() => setCreating(false)}
        onCloseAutoFocus={createFocus.restore}
      />

      <TeamMemberDialog
        user={open}
        you={open?._id === signedInId}
        onClose={() => setOpenId(null)}
        onResetPassword={(user) => {
          resetFocus.remember();
          setResetting(user);
        }}
        onNewInvitation={(user) => {
          inviteFocus.remember();
          setInviting(user);
        }}
        onDelete={askDelete}
        onCloseAutoFocus={focusAfter(openFocus.restore)}
      />

      <TeamPasswordResetDialog
        user={resetting}
        brandName={brandName}
        signInUrl={signInUrl}
        onClose={() => setResetting(null)}
        onCloseAutoFocus={resetFocus.restore}
      />

      <TeamInvitationDialog
        user={inviting}
        brandName={brandName}
        signInUrl={signInUrl}
        onClose={() => setInviting(null)}
        onCloseAutoFocus={inviteFocus.restore}
      />

      <ConfirmDeleteDialog
        open={deleting !== null}
        onOpenChange={(next) => !next && setDeleting(null)}
        title={deleting ? `Delete ${deleting.name}` : 'Delete user'}
        description={
          deleting
            ? `${deleting.name} (${deleting.email}) loses access to the back office at once. This cannot be undone.`
            : ''
        }
        pending={remove.isPending}
        onConfirm={confirmDelete}
        error={deleteRefusal}
        onCloseAutoFocus={focusAfter(deleteFocus.restore)}
      />
    </div>
  );
}
