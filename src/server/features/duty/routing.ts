import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { SiteSettings } from '../../../shared/contracts/site-settings.ts';
import { weightedOrder } from '../../../shared/rules/duty-rotation.ts';
import { openStatus } from '../../../shared/rules/opening-hours.ts';
import { canUse, isRole } from '../../../shared/rules/roles.ts';
import type { DutyRepository, RosterEntry } from './repository.ts';

/** The channels a visitor is routed on: a chat on WhatsApp, a call. */
export type DutyChannel = 'whatsapp' | 'phone';
/** What is handed out in turn: visitors on a channel, or inquiries sent through the form. */
export type DutyTurn = DutyChannel | 'inquiries';

/** Who a visitor (or an inquiry) is sent to: a member on duty and their number (E.164; empty for an inquiry). */
export interface OnDuty {
  adminId: string;
  number: string;
}

/** Whether a role answers visitors and inquiries (may use the inbox): an editor is given none. */
const canAnswer = (role: string) => isRole(role) && canUse(role, 'inbox');

/**
 * The turn counters every instance shares through Redis, one per channel and database (its PostgreSQL
 * schema): instances of one site share them, two sites on one Redis do not.
 */
const turnKey = (channel: DutyTurn, scope: string | undefined) =>
  `sampark:duty-turn:${channel}${scope ? `:${scope}` : ''}`;

/**
 * Whether a member is on duty at `now`: not away, and their week has them on duty then on the business's
 * clock, on a day that is not one of the business's closures.
 */
export function isOnDuty(
  member: Pick<RosterEntry, 'away' | 'week'>,
  openingHours: SiteSettings['openingHours'],
  timeZone: string,
  now: Date,
): boolean {
  const closures = openingHours?.closures ?? [];
  return !member.away && openStatus({ week: member.week, closures }, timeZone, now).open;
}

/**
 * Picks the member on duty a visitor is sent to (decision 076): of the members not away, with a number for
 * the channel, whose account is active and may use the inbox, and whose week has them on duty now on the
 * business's clock (and not on one of its closures), the next by weighted rotation. The turn is counted in Redis when there is one, so
 * instances share one rotation; without it, or while it fails, each instance counts its own.
 */
export function dutyRouting({
  duty,
  accounts,
  settings,
  redis,
  scope,
  clock,
  log,
}: {
  duty: Pick<DutyRepository, 'roster'>;
  /** The team's accounts: a disabled one, or one whose role has no inbox, is given no visitors. */
  accounts: { list(): Promise<{ id: string; disabledAt: string | null; role: string }[]> };
  settings: () => Promise<Pick<SiteSettings, 'openingHours' | 'timeZone'>>;
  redis: Redis | undefined;
  scope: string | undefined;
  clock: () => number;
  log: FastifyBaseLogger;
}): (turn: DutyTurn) => Promise<OnDuty | null> {
  const localTurns: Record<DutyTurn, number> = { whatsapp: 0, phone: 0, inquiries: 0 };
  const nextTurn = async (channel: DutyTurn): Promise<number> => {
    if (redis) {
      try {
        return await redis.incr(turnKey(channel, scope));
      } catch (error) {
        log.warn({ err: error }, 'Redis did not count the duty rotation: this instance counts its own');
      }
    }
    localTurns[channel] += 1;
    return localTurns[channel];
  };

  return async (turn) => {
    const [roster, { openingHours, timeZone }, accountList] = await Promise.all([
      duty.roster(),
      settings(),
      accounts.list(),
    ]);
    const active = new Set(
      accountList
        .filter((account) => !account.disabledAt && canAnswer(account.role))
        .map((account) => account.id),
    );
    const now = new Date(clock());
    const onDuty = roster.filter(
      (member) =>
        (turn === 'inquiries' || member[turn] !== '') &&
        active.has(member.adminId) &&
        isOnDuty(member, openingHours, timeZone, now),
    );
    if (onDuty.length === 0) return null;
    const order = weightedOrder(onDuty);
    const member = order[((await nextTurn(turn)) - 1) % order.length]!;
    return { adminId: member.adminId, number: turn === 'inquiries' ? '' : member[turn] };
  };
}
