import type { TeamMember } from '../../../shared/contracts/team.ts';
import { ROLE_LABELS } from '../../../shared/rules/roles.ts';
import { DateTime } from '../../ui/date-time.tsx';
import { OpenButton, ResponsiveList } from '../../ui/responsive-list.tsx';
import { TeamMemberStatusBadge, TwoFactorBadge } from './team-member-status.tsx';

/** `opener` is the user's button, where focus goes back when their dialog closes. */
export type OpenTeamMember = (user: TeamMember, opener: HTMLElement | null) => void;

export interface TeamMemberListProps {
  users: readonly TeamMember[];
  /** The signed-in user, marked "you". */
  signedInId: string;
  onOpen: OpenTeamMember;
}

function NameButton({ user, you, onOpen }: { user: TeamMember; you: boolean; onOpen: OpenTeamMember }) {
  return (
    <div>
      <OpenButton onOpen={(opener) => onOpen(user, opener)} className="font-semibold break-words">
        <span className="sr-only">Manage </span>
        {user.name}
      </OpenButton>
      {you && <span className="ml-2 text-xs font-medium text-slate-600">(you)</span>}
      <p className="text-sm break-all text-slate-600">{user.email}</p>
    </div>
  );
}

function LastSignIn({ user }: { user: TeamMember }) {
  return user.lastSignInAt ? <DateTime value={user.lastSignInAt} /> : <span>Never</span>;
}

const COLUMNS = ['Name', 'Role', 'Status', 'Two-factor', 'Last sign-in'];

/** The team: a table on a wide screen, cards on a phone. */
export function TeamMemberList({ users, signedInId, onOpen }: TeamMemberListProps) {
  return (
    <ResponsiveList
      entries={users}
      label="Team members"
      columns={COLUMNS}
      minWidth="min-w-[48rem]"
      onOpen={onOpen}
      cells={(user) => (
        <>
          <td className="max-w-xs px-4 py-3">
            <NameButton user={user} you={user._id === signedInId} onOpen={onOpen} />
          </td>
          <td className="px-4 py-3 text-slate-700">{ROLE_LABELS[user.role]}</td>
          <td className="px-4 py-3">
            <TeamMemberStatusBadge status={user.status} />
          </td>
          <td className="px-4 py-3">
            <TwoFactorBadge on={user.twoFactor} />
          </td>
          <td className="px-4 py-3 whitespace-nowrap text-slate-600">
            <LastSignIn user={user} />
          </td>
        </>
      )}
      card={(user) => (
        <>
          <div className="flex items-start justify-between gap-2">
            <NameButton user={user} you={user._id === signedInId} onOpen={onOpen} />
            <TeamMemberStatusBadge status={user.status} />
          </div>
          <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
            <div>
              <dt className="text-xs text-slate-600">Role</dt>
              <dd className="text-slate-800">{ROLE_LABELS[user.role]}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-600">Two-factor</dt>
              <dd>
                <TwoFactorBadge on={user.twoFactor} />
              </dd>
            </div>
            <div className="col-span-2">
              <dt className="text-xs text-slate-600">Last sign-in</dt>
              <dd className="text-slate-800">
                <LastSignIn user={user} />
              </dd>
            </div>
          </dl>
        </>
      )}
    />
  );
}
