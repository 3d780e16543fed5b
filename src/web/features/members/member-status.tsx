import { CircleCheck, CircleSlash } from 'lucide-react';
import { MEMBER_STATUS_LABELS, type MemberStatus } from '../../../shared/rules/members.ts';
import { cx } from '../../lib/class-names.ts';

const TONES: Record<MemberStatus, string> = {
  active: 'bg-green-100 text-green-900',
  disabled: 'bg-slate-200 text-slate-800',
};
const ICONS = { active: CircleCheck, disabled: CircleSlash } as const;

/** The status in words (and an icon), never in colour alone. */
export function MemberStatusBadge({ status }: { status: MemberStatus }) {
  const Icon = ICONS[status];
  return (
    <span
      className={cx(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap',
        TONES[status],
      )}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {MEMBER_STATUS_LABELS[status]}
    </span>
  );
}
