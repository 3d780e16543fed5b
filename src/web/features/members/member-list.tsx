import type { Member } from '../../../shared/contracts/members.ts';
import { DateTime } from '../../ui/date-time.tsx';
import { DateCell, OpenButton, ResponsiveList } from '../../ui/responsive-list.tsx';
import { MemberStatusBadge } from './member-status.tsx';

/** `opener` is the member's button, where focus goes back when the member's page closes. */
export type OpenMember = (member: Member, opener: HTMLElement | null) => void;

export interface MemberListProps {
  members: Member[];
  onOpen: OpenMember;
  /** The rows shown are the previous page's while the next one is on its way. */
  stale?: boolean;
}

/** The member's mobile, the member's button. */
function MobileButton({ member, onOpen }: { member: Member; onOpen: OpenMember }) {
  return (
    <OpenButton
      onOpen={(opener) => onOpen(member, opener)}
      className="font-semibold whitespace-nowrap tabular-nums"
    >
      <span className="sr-only">Open member </span>
      {member.mobileDisplay}
    </OpenButton>
  );
}

function MemberName({ member }: { member: Member }) {
  return member.displayName ? (
    <span className="break-words text-slate-700">{member.displayName}</span>
  ) : (
    <span className="text-slate-600 italic">No name</span>
  );
}

const COLUMNS = ['Mobile', 'Name', 'Status', 'Created'];

/** The members of one page: a table on a wide screen, cards on a phone. */
export function MemberList({ members, onOpen, stale }: MemberListProps) {
  return (
    <ResponsiveList
      entries={members}
      label="Members, newest first"
      columns={COLUMNS}
      minWidth="min-w-[40rem]"
      stale={stale}
      onOpen={onOpen}
      cells={(member) => (
        <>
          <td className="px-4 py-3">
            <MobileButton member={member} onOpen={onOpen} />
          </td>
          <td className="max-w-xs px-4 py-3">
            <MemberName member={member} />
          </td>
          <td className="px-4 py-3">
            <MemberStatusBadge status={member.status} />
          </td>
          <DateCell value={member.createdAt} />
        </>
      )}
      card={(member) => (
        <>
          <div className="flex items-start justify-between gap-2">
            <MobileButton member={member} onOpen={onOpen} />
            <MemberStatusBadge status={member.status} />
          </div>
          <p className="mt-1 text-sm">
            <MemberName member={member} />
          </p>
          <p className="mt-2 text-xs text-slate-600">
            Created <DateTime value={member.createdAt} />
          </p>
        </>
      )}
    />
  );
}
