import { CircleCheck, CircleSlash, MailQuestion, ShieldCheck, ShieldOff } from 'lucide-react';
import type { TeamMemberStatus } from '../../../shared/rules/team.ts';
import { cx } from '../../lib/class-names.ts';

const TEAM_USER_STATUS_LABELS: Record<TeamMemberStatus, string> = {
  active: 'Active',
  disabled: 'Disabled',
  invited: 'Invited',
};

const TONES: Record<TeamMemberStatus, string> = {
  active: 'bg-green-100 text-green-900',
  disabled: 'bg-slate-200 text-slate-800',
  invited: 'bg-amber-100 text-amber-900',
};
const ICONS = { active: CircleCheck, disabled: CircleSlash, invited: MailQuestion } as const;

const BADGE =
  'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap';

/** The status in words (and an icon), never in colour alone. */
export function TeamMemberStatusBadge({ status }: { status: TeamMemberStatus }) {
  const Icon = ICONS[status];
  return (
    <span className={cx(BADGE, TONES[status])}>
      <Icon aria-hidden="true" className="size-3.5" />
      {TEAM_USER_STATUS_LABELS[status]}
    </span>
  );
}

/** Whether the user signs in with a second factor. */
export function TwoFactorBadge({ on }: { on: boolean }) {
  const Icon = on ? ShieldCheck : ShieldOff;
  return (
    <span className={cx(BADGE, on ? 'bg-indigo-100 text-indigo-800' : 'bg-slate-100 text-slate-700')}>
      <Icon aria-hidden="true" className="size-3.5" />
      {on ? 'On' : 'Off'}
    </span>
  );
}
