import { type Kysely, sql } from 'kysely';
import type { Inquiry, InquiryStats } from '../../../shared/contracts/contact-inquiries.ts';
import type { DailyInquiryCount } from '../../../shared/contracts/dashboard.ts';
import type { InquiryStatus } from '../../../shared/rules/contact-inquiries.ts';
import type { FirstResponse } from '../../../shared/rules/reply-time.ts';
import { DAY_MS, MINUTE_MS } from '../../../shared/time.ts';
import type { Dialect } from '../../db/database.ts';
import type { Executor } from '../../db/repository-support.ts';
import type { DB } from '../../db/schema.ts';
import { fromFlag, toIso } from '../../db/values.ts';
import { INQUIRY_COLUMNS, type InquiryTeam, toInquiries } from './inquiry-rows.ts';

/*
 * What is read about the inquiries as a whole: the inbox's stat cards and the counts, reports and names
 * other features read through the repository (the dashboard, the audit log, the daily digest).
 */

/** What the reports run on. */
export interface InquiryReportContext {
  db: Kysely<DB>;
  dialect: Dialect;
  team: InquiryTeam;
}

/** The counts kept by triggers per (status, read) pair (decision 008): a few rows, however many inquiries. */
export async function storedCounts(
  db: Kysely<DB>,
): Promise<{ status: string; isRead: number; count: number }[]> {
  return db.selectFrom('contactInquiryCounts').select(['status', 'isRead', 'count']).execute();
}

/** How many inquiries there are, counted row by row. */
export async function countInquiries({ db }: InquiryReportContext, trx: Executor = db): Promise<number> {
  const row = await trx
    .selectFrom('contactInquiries')
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The inbox's stat cards, from the stored counts. */
export async function inquiryStats({ db }: InquiryReportContext): Promise<InquiryStats> {
  const stats: InquiryStats = { total: 0, new: 0, inProgress: 0, resolved: 0, closed: 0, unread: 0 };
  for (const { status, isRead, count } of await storedCounts(db)) {
    stats.total += count;
    if (!fromFlag(isRead)) stats.unread += count;
    if (status === 'new') stats.new += count;
    else if (status === 'in-progress') stats.inProgress += count;
    else if (status === 'resolved') stats.resolved += count;
    else if (status === 'closed') stats.closed += count;
  }
  return stats;
}

/** The senders' names of the inquiries that still exist among `ids` (the audit log names them so). */
export async function inquirySenderNames(
  { db }: InquiryReportContext,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('contactInquiries')
    .select(['id', 'name'])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The newest unread inquiries, at most `limit` of them. */
export async function recentUnreadInquiries(
  { db, team }: InquiryReportContext,
  limit: number,
): Promise<Inquiry[]> {
  const rows = await db
    .selectFrom('contactInquiries')
    .select(INQUIRY_COLUMNS)
    .where('contactInquiries.isRead', '=', 0)
    .orderBy('contactInquiries.seq', 'desc')
    .limit(limit)
    .execute();
  return toInquiries(team, db, rows);
}

/**
 * The inquiries still unread that arrived before `before`, newest first, at most `limit` of them, and
 * how many there are in all (the daily digest's list). Walks the unread index newest first.
 */
export async function unreadInquiriesReceivedBefore(
  { db, team }: InquiryReportContext,
  before: string,
  limit: number,
  trx: Executor = db,
): Promise<{ inquiries: Inquiry[]; total: number }> {
  const unread = trx
    .selectFrom('contactInquiries')
    .where('contactInquiries.isRead', '=', 0)
    .where('contactInquiries.createdAt', '<', before);
  const rows = await unread
    .select(INQUIRY_COLUMNS)
    .orderBy('contactInquiries.seq', 'desc')
    .limit(limit)
    .execute();
  const total =
    rows.length < limit
      ? rows.length
      : Number(
          (
            await unread
              .select((eb) => eb.fn.countAll<string | number>().as('count'))
              .executeTakeFirstOrThrow()
          ).count,
        );
  return { inquiries: await toInquiries(team, trx, rows), total };
}

/**
 * Inquiries per day and status over the last `days` days of the viewer, whose clock is
 * `utcOffsetMinutes` ahead of UTC; oldest day first, today last, empty days as zeros.
 */
export async function inquiriesPerDay(
  { db, dialect }: InquiryReportContext,
  days: number,
  utcOffsetMinutes: number,
  now = Date.now(),
): Promise<DailyInquiryCount[]> {
  const offsetMs = utcOffsetMinutes * MINUTE_MS;
  const firstLocalDay = Math.floor((now + offsetMs) / DAY_MS) - (days - 1);
  const from = new Date(firstLocalDay * DAY_MS - offsetMs).toISOString();
  const day =
    dialect === 'postgres'
      ? sql<string>`to_char((created_at at time zone 'UTC') + make_interval(mins => ${utcOffsetMinutes}), 'YYYY-MM-DD')`
      : sql<string>`date(created_at, ${`${utcOffsetMinutes} minutes`})`;
  const rows = await db
    .selectFrom('contactInquiries')
    .select(['status', day.as('day'), (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('createdAt', '>=', from)
    .groupBy([sql`day`, 'status'])
    .execute();

  const result: DailyInquiryCount[] = Array.from({ length: days }, (_, index) => ({
    date: new Date((firstLocalDay + index) * DAY_MS).toISOString().slice(0, 10),
    new: 0,
    inProgress: 0,
    resolved: 0,
    closed: 0,
  }));
  const byDate = new Map(result.map((entry) => [entry.date, entry]));
  const key = {
    new: 'new',
    'in-progress': 'inProgress',
    resolved: 'resolved',
    closed: 'closed',
  } as const;
  for (const row of rows) {
    const entry = byDate.get(row.day);
    const field = key[row.status as InquiryStatus];
    if (entry && field) entry[field] += Number(row.count);
  }
  return result;
}

/** Inquiries a first response reads at most: a busy month's, bounded whatever the table holds. */
const FIRST_RESPONSES_MAX = 5000;

/**
 * The inquiries received since `since` that the team answered, with when a reply link of each was first
 * opened from the back office (decision 075), newest first.
 */
export async function firstResponses({ db }: InquiryReportContext, since: string): Promise<FirstResponse[]> {
  const rows = await db
    .selectFrom('contactInquiries')
    .innerJoin('inquiryEvents', 'inquiryEvents.inquiryId', 'contactInquiries.id')
    .where('contactInquiries.createdAt', '>=', since)
    .where('inquiryEvents.kind', '=', 'reply-link')
    .groupBy(['contactInquiries.id', 'contactInquiries.createdAt'])
    .select((eb) => [
      'contactInquiries.createdAt as receivedAt',
      eb.fn.min('inquiryEvents.createdAt').as('respondedAt'),
    ])
    .orderBy('contactInquiries.createdAt', 'desc')
    .limit(FIRST_RESPONSES_MAX)
    .execute();
  return rows.map((row) => ({
    receivedAt: Date.parse(toIso(row.receivedAt)),
    respondedAt: Date.parse(toIso(row.respondedAt as string | Date)),
  }));
}

/** Reply links read at most for the dashboard's first responses: a busy quarter's, bounded. */
const FIRST_RESPONDERS_MAX_EVENTS = 20_000;

/** An answered inquiry's first response, and who gave it (decision 080). */
export interface FirstResponder {
  receivedAt: number;
  respondedAt: number;
  /** Null for a former member's, whose name is kept. */
  responderId: string | null;
  responderName: string;
}

/**
 * The inquiries received from `since` that the team answered: when each got its first response (its first
 * reply link opened, decision 075) and who opened it.
 */
export async function firstResponders(
  { db }: InquiryReportContext,
  since: string,
): Promise<FirstResponder[]> {
  const rows = await db
    .selectFrom('inquiryEvents')
    .innerJoin('contactInquiries', 'contactInquiries.id', 'inquiryEvents.inquiryId')
    .where('contactInquiries.createdAt', '>=', since)
    .where('inquiryEvents.kind', '=', 'reply-link')
    .select([
      'inquiryEvents.inquiryId',
      'contactInquiries.createdAt as receivedAt',
      'inquiryEvents.createdAt as respondedAt',
      'inquiryEvents.actorId',
      'inquiryEvents.actorName',
    ])
    .orderBy('inquiryEvents.createdAt')
    .orderBy('inquiryEvents.id')
    .limit(FIRST_RESPONDERS_MAX_EVENTS)
    .execute();
  const first = new Map<string, FirstResponder>();
  for (const row of rows) {
    if (first.has(row.inquiryId)) continue;
    first.set(row.inquiryId, {
      receivedAt: Date.parse(toIso(row.receivedAt)),
      respondedAt: Date.parse(toIso(row.respondedAt)),
      responderId: row.actorId,
      responderName: row.actorName,
    });
  }
  return [...first.values()];
}

/** How many inquiries were received from `since` on. */
export async function receivedSince({ db }: InquiryReportContext, since: string): Promise<number> {
  const { count } = await db
    .selectFrom('contactInquiries')
    .where('createdAt', '>=', since)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** Which of these inquiries have had a reply link opened (a first response, decision 075). */
export async function respondedAmong(
  { db }: InquiryReportContext,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('inquiryEvents')
    .where('inquiryId', 'in', ids)
    .where('kind', '=', 'reply-link')
    .select('inquiryId')
    .distinct()
    .execute();
  return new Set(rows.map((row) => row.inquiryId));
}

/** Waiting inquiries a digest looks at, at most: the newest, however many have piled up. */
const WAITING_LOOKED_AT = 500;

/**
 * The new and in-progress inquiries received before `before` that no reply link was opened for, newest first
 * (at most WAITING_LOOKED_AT): those that may be overdue (decision 080).
 */
export async function waitingUnansweredBefore(
  { db, team }: InquiryReportContext,
  before: string,
  trx: Executor = db,
): Promise<Inquiry[]> {
  const rows = await trx
    .selectFrom('contactInquiries')
    .where('contactInquiries.status', 'in', ['new', 'in-progress'])
    .where('contactInquiries.createdAt', '<', before)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('inquiryEvents')
            .select('inquiryEvents.id')
            .whereRef('inquiryEvents.inquiryId', '=', 'contactInquiries.id')
            .where('inquiryEvents.kind', '=', 'reply-link'),
        ),
      ),
    )
    .select(INQUIRY_COLUMNS)
    .orderBy('contactInquiries.seq', 'desc')
    .limit(WAITING_LOOKED_AT)
    .execute();
  return toInquiries(team, trx, rows);
}
