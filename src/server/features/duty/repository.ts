import type { Kysely } from 'kysely';
import type { Duty, DutyInput } from '../../../shared/contracts/duty.ts';
import type { OpeningPeriod } from '../../../shared/rules/opening-hours.ts';
import type { DB } from '../../db/schema.ts';
import { fromFlag, nowIso, toFlag } from '../../db/values.ts';

/** A member's duty before they set any: no numbers, no hours, not away, the usual share. */
export const NO_DUTY: Duty = {
  whatsapp: '',
  phone: '',
  week: Array.from({ length: 7 }, () => []),
  away: false,
  weight: 1,
};

/** One member's duty as the routing reads it. */
export interface RosterEntry extends Duty {
  adminId: string;
}

const parseWeek = (week: string) => JSON.parse(week) as OpeningPeriod[][];

/** The team members' duty (decision 076): the `duty_members` table is this feature's. */
export function createDutyRepository(db: Kysely<DB>, clock: () => number) {
  const upsert = async (
    adminId: string,
    values: Partial<Omit<Duty, 'week'>> & { week?: OpeningPeriod[][] },
  ) => {
    const current = await get(adminId);
    const next = { ...current, ...values };
    const row = {
      whatsapp: next.whatsapp,
      phone: next.phone,
      week: JSON.stringify(next.week),
      away: toFlag(next.away),
      weight: next.weight,
      updatedAt: nowIso(clock),
    };
    await db
      .insertInto('dutyMembers')
      .values({ adminId, ...row })
      .onConflict((conflict) => conflict.column('adminId').doUpdateSet(row))
      .execute();
    return next;
  };

  async function get(adminId: string): Promise<Duty> {
    const row = await db
      .selectFrom('dutyMembers')
      .select(['whatsapp', 'phone', 'week', 'away', 'weight'])
      .where('adminId', '=', adminId)
      .executeTakeFirst();
    if (!row) return { ...NO_DUTY, week: NO_DUTY.week.map(() => []) };
    return { ...row, week: parseWeek(row.week), away: fromFlag(row.away) };
  }

  return {
    get,
    /** A member's own numbers (E.164), hours and away; their share stays as an administrator set it. */
    save: (adminId: string, { whatsapp, phone, week, away }: Omit<DutyInput, 'countryCode'>) =>
      upsert(adminId, { whatsapp, phone, week, away }),
    setWeight: (adminId: string, weight: number) => upsert(adminId, { weight }),
    /** Visitors sent to a member on a channel on a day; concurrent adds all count. */
    async addClicks(adminId: string, channel: string, day: string, clicks: number): Promise<void> {
      await db
        .insertInto('dutyClicks')
        .values({ adminId, channel, day, clicks })
        .onConflict((conflict) =>
          conflict
            .columns(['adminId', 'channel', 'day'])
            .doUpdateSet((eb) => ({ clicks: eb('dutyClicks.clicks', '+', clicks) })),
        )
        .execute();
    },
    /** Visitors sent to each member from `fromDay` to `toDay` (inclusive), by channel. */
    async clicksBetween(fromDay: string, toDay: string) {
      const rows = await db
        .selectFrom('dutyClicks')
        .where('day', '>=', fromDay)
        .where('day', '<=', toDay)
        .groupBy(['adminId', 'channel'])
        .select((eb) => ['adminId', 'channel', eb.fn.sum<number | string>('clicks').as('clicks')])
        .execute();
      return rows.map((row) => ({ adminId: row.adminId, channel: row.channel, clicks: Number(row.clicks) }));
    },
    /** Every member who has set a duty, in the order of their ids (every instance reads the same order). */
    async roster(): Promise<RosterEntry[]> {
      const rows = await db.selectFrom('dutyMembers').selectAll().orderBy('adminId').execute();
      return rows.map((row) => ({
        adminId: row.adminId,
        whatsapp: row.whatsapp,
        phone: row.phone,
        week: parseWeek(row.week),
        away: fromFlag(row.away),
        weight: row.weight,
      }));
    },
  };
}

export type DutyRepository = ReturnType<typeof createDutyRepository>;
