import type { Member } from '../../../shared/contracts/members.ts';
import { cx } from '../../lib/class-names.ts';
import { DateTime } from '../../ui/date-time.tsx';
import { MemberStatusBadge } from './member-status.tsx';

/** `opener` is the member's button, where focus goes back when the member's page closes. */
export type OpenMember = (member: Member, opener: HTMLElement | null) => void;

export interface MemberListProps {
  members: Member[];
  onOpen: OpenMember;
  /** The rows shown are the previous page's while the next one is on its way. */
  stale?: boolean;
}

/** The keyboard's way into a member (the row itself is clickable for the mouse and the finger). */
function OpenButton({ member, onOpen }: { member: Member; onOpen: OpenMember }) {
  return (
    <button
      type="button"
      data-member-opener=""
      onClick={(event) => {
        event.stopPropagation();
        onOpen(member, event.currentTarget);
      }}
      className={cx(
        'min-h-6 rounded text-left font-semibold whitespace-nowrap text-slate-900 tabular-nums underline-offset-2 hover:underline',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
      )}
    >
      <span className="sr-only">Open member </span>
      {member.mobileDisplay}
    </button>
  );
}

function openerIn(row: HTMLElement): HTMLElement | null {
  return row.querySelector<HTMLElement>('[data-member-opener]');
}

function MemberName({ member }: { member: Member }) {
  return member.displayName ? (
    <span className="break-words text-slate-700">{member.displayName}</span>
  ) : (
    <span className="text-slate-500 italic">No name</span>
  );
}

/**
 * The members of one page: a table on a wide screen, cards on a phone. Only one of the two is displayed;
 * the other is display:none, so it is not in the accessibility tree.
 */
export function MemberList({ members, onOpen, stale }: MemberListProps) {
  return (
    <div className={cx('transition-opacity', stale && 'opacity-60')}>
      <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm md:block">
        <table className="w-full min-w-[40rem] text-left text-sm">
          <caption className="sr-only">Members, newest first</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-4 py-3">
                Mobile
              </th>
              <th scope="col" className="px-4 py-3">
                Name
              </th>
              <th scope="col" className="px-4 py-3">
                Status
              </th>
              <th scope="col" className="px-4 py-3">
                Created
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {members.map((member) => (
              // A click anywhere on the row is a shortcut for the mouse; the mobile is the row's button.
              <tr
                key={member._id}
                onClick={(event) => onOpen(member, openerIn(event.currentTarget))}
                className="cursor-pointer bg-white align-top transition-colors hover:bg-slate-50"
              >
                <td className="px-4 py-3">
                  <OpenButton member={member} onOpen={onOpen} />
                </td>
                <td className="max-w-xs px-4 py-3">
                  <MemberName member={member} />
                </td>
                <td className="px-4 py-3">
                  <MemberStatusBadge status={member.status} />
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-slate-600">
                  <DateTime value={member.createdAt} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul aria-label="Members, newest first" className="space-y-3 md:hidden">
        {members.map((member) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: a tap anywhere on the card is a shortcut; the mobile is the card's button for the keyboard
          <li
            key={member._id}
            onClick={(event) => onOpen(member, openerIn(event.currentTarget))}
            className="cursor-pointer rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
          >
            <div className="flex items-start justify-between gap-2">
              <OpenButton member={member} onOpen={onOpen} />
              <MemberStatusBadge status={member.status} />
            </div>
            <p className="mt-1 text-sm">
              <MemberName member={member} />
            </p>
            <p className="mt-2 text-xs text-slate-600">
              Created <DateTime value={member.createdAt} />
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}
