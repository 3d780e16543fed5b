import { type Kysely, type Selectable, type SelectQueryBuilder, sql } from 'kysely';
import type {
  Inquiry,
  InquiryAssigneeOption,
  InquiryFilter,
  InquiryListResponse,
  InquiryStats,
} from '../../../shared/contracts/contact-inquiries.ts';
import type { DailyInquiryCount } from '../../../shared/contracts/dashboard.ts';
import {
  INQUIRY_TOTAL_CAP,
  type InquiryReplyChannel,
  type InquiryService,
  type InquiryStatus,
} from '../../../shared/rules/contact-inquiries.ts';
import { isLocale } from '../../../shared/rules/locales.ts';
import { canUse, ROLES } from '../../../shared/rules/roles.ts';
import { DAY_MS, MINUTE_MS } from '../../../shared/time.ts';
import { type Dialect, FOLD_CASE_FUNCTION } from '../../db/database.ts';
import { containsPattern, type Executor, pageOffset } from '../../db/repository-support.ts';
import type { DB } from '../../db/schema.ts';
import { fromFlag, newId, nowIso, toFlag, toIso } from '../../db/values.ts';
import { formatPhone, searchDigits } from '../../lib/phone-numbers.ts';
import { type InquiryActor, recordInquiryEvent, teamMemberName } from './inquiry-events.ts';
import type { ContactInquiryBody } from './schemas.ts';

/** What the contact form sends, its phone in E.164, without the honeypot (a filled one is never stored). */
/** A new inquiry; without a language, one sent from an English page. */
export type NewInquiry = Omit<ContactInquiryBody, 'website' | 'language'> &
  Partial<Pick<ContactInquiryBody, 'language'>>;

/** One page of the inbox; `total` is exact up to INQUIRY_TOTAL_CAP, beyond it `totalCapped` is true. */
export type InquiryPage = Omit<InquiryListResponse, 'page' | 'pageSize'>;

/**
 * What the inbox looks for: the filter of its query string, with "assigned to me" made the signed-in
 * user's id (`assignedTo`: an id, or null for the unassigned ones).
 */
export type InquiryMatch = Omit<InquiryFilter, 'assigned'> & { assignedTo?: string | null };
export type InquiryPageQuery = InquiryMatch & { page: number; pageSize: number };

/** The back-office roles an inquiry can be assigned to. */
const INBOX_ROLES = ROLES.filter((role) => canUse(role, 'inbox'));

const COLUMNS = [
  'contactInquiries.id',
  'contactInquiries.name',
  'contactInquiries.phone',
  'contactInquiries.email',
  'contactInquiries.city',
  'contactInquiries.query',
  'contactInquiries.service',
  'contactInquiries.status',
  'contactInquiries.isRead',
  'contactInquiries.language',
  'contactInquiries.assignedTo',
  'contactInquiries.createdAt',
  'contactInquiries.updatedAt',
  'assignee.name as assigneeName',
  'assignee.email as assigneeEmail',
] as const;

type InquiryRow = Pick<
  Selectable<DB['contactInquiries']>,
  | 'id'
  | 'name'
  | 'phone'
  | 'email'
  | 'city'
  | 'query'
  | 'service'
  | 'status'
  | 'isRead'
  | 'language'
  | 'assignedTo'
  | 'createdAt'
  | 'updatedAt'
> & { assigneeName: string | null; assigneeEmail: string | null };

/** The inquiries with the name of the user each is assigned to (a key lookup per row read). */
const inquiriesWithAssignee = (trx: Executor) =>
  trx
    .selectFrom('contactInquiries')
    .leftJoin('admins as assignee', 'assignee.id', 'contactInquiries.assignedTo');

function toRecord(row: InquiryRow): Inquiry {
  return {
    _id: row.id,
    name: row.name,
    phone: row.phone,
    phoneDisplay: formatPhone(row.phone),
    email: row.email,
    city: row.city,
    query: row.query,
    service: row.service as InquiryService,
    status: row.status as InquiryStatus,
    isRead: fromFlag(row.isRead),
    language: isLocale(row.language) ? row.language : 'en',
    assignee:
      row.assignedTo === null
        ? null
        : { _id: row.assignedTo, name: teamMemberName(row.assigneeName ?? '', row.assigneeEmail ?? '') },
    createdAt: toIso(row.createdAt),
    updatedAt: toIso(row.updatedAt),
  };
}

/**
 * The fields the search matches. They are the columns of both dialects' search indexes, built by
 * migration 0003, which keeps its own frozen copy: a change here needs a migration that rebuilds them.
 */
const INQUIRY_SEARCH_FIELDS = ['name', 'email', 'city', 'query', 'phone'] as const;

/**
 * PostgreSQL: the text the search matches, the fields joined by a character no search term holds. It must
 * stay the expression of migration 0003's pg_trgm index, or PostgreSQL cannot use the index for it.
 */
const POSTGRES_INQUIRY_SEARCH_TEXT = INQUIRY_SEARCH_FIELDS.join(' || chr(31) || ');

/** The search index holds trigrams: terms shorter than this are matched by scanning instead. */
const TRIGRAM_LENGTH = 3;

/** An FTS5 query matching `term` as one literal string (quotes doubled inside a quoted phrase). */
function ftsPhrase(term: string): string {
  return `"${term.replaceAll('"', '""')}"`;
}

/**
 * What a search looks for: the term as typed and, when it is a number typed any way (`098765 11111`,
 * `+91 98765 11111`), also its digits, which match inside the stored E.164 (`+919876511111`). The digits
 * are looked for only when they make a trigram, so both forms take the same plan.
 */
function searchForms(term: string): string[] {
  const digits = searchDigits(term);
  return digits && digits !== term && digits.length >= TRIGRAM_LENGTH ? [term, digits] : [term];
}

const EXPORT_BATCH = 500;

/** A query yielding inquiries' `seq`, newest first. */
type SeqQuery = SelectQueryBuilder<DB, 'contactInquiries', { seq: number }>;

/** Whether the filter keeps only some inquiries by their own columns (status, assignee). */
function isNarrowed(filter: InquiryMatch): boolean {
  return Boolean(filter.status) || filter.assignedTo !== undefined;
}

/**
 * `query` keeping only the inquiries of the filter's status and assignee (when it names them). One user's
 * inquiries are few beside those of a status, so SQLite, which has no statistics to tell, is kept from the
 * status index then (`+status` is not indexable) and walks the `(assigned_to, seq)` index instead.
 */
function narrowed(query: SeqQuery, { status, assignedTo }: InquiryMatch, dialect: Dialect): SeqQuery {
  let result = query;
  if (status) {
    const column =
      dialect === 'sqlite' && typeof assignedTo === 'string'
        ? sql<string>`+${sql.ref('contactInquiries.status')}`
        : sql.ref<string>('contactInquiries.status');
    result = result.where(column, '=', status);
  }
  if (assignedTo === null) result = result.where('contactInquiries.assignedTo', 'is', null);
  else if (assignedTo !== undefined) result = result.where('contactInquiries.assignedTo', '=', assignedTo);
  return result;
}

/** A search combined with a status filter counts among at most this many of the search's newest matches. */
const SEARCH_COUNT_EXAMINED = 50_000;

/**
 * Newest first is `seq` descending everywhere (decision 008). Each way of finding inquiries yields their
 * `seq` values in that order, so a page is a LIMIT/OFFSET over an index walk and the rows are then read
 * by key; nothing is sorted.
 */
/** Told of a change of an inquiry in the change's transaction (webhooks' inquiry.updated and .deleted). */
export type InquiryChangeListener = (
  trx: Executor,
  change: 'inquiry.updated' | 'inquiry.deleted',
  inquiry: Inquiry,
) => Promise<void>;

export function createContactInquiryRepository(
  db: Kysely<DB>,
  dialect: Dialect,
  {
    clock = Date.now,
    searchCountExamined = SEARCH_COUNT_EXAMINED,
    onChange,
  }: {
    clock?: () => number;
    searchCountExamined?: number;
    /** Told of each change in its transaction, with the inquiry as it is then (or was, when deleted). */
    onChange?: InquiryChangeListener;
  } = {},
) {
  /** SQLite reads terms of three or more characters from its trigram index. */
  const usesTrigramIndex = (term: string) => dialect === 'sqlite' && [...term].length >= TRIGRAM_LENGTH;

  /**
   * The `seq` of every inquiry matching the filter, newest first, optionally only those older than
   * `below` (for keyset batches). Three plans:
   * - no search: the status index, or the `seq` index, walked backwards;
   * - SQLite, a term of 3+ characters: the trigram index read in descending rowid order, which FTS5 does
   *   lazily, so a common term stops after one page and a rare one reads only its few matches;
   * - otherwise a contains-match: PostgreSQL picks its pg_trgm index or a backward scan from its
   *   statistics; SQLite scans newest first, which fills a page at once for the short, common terms that
   *   reach this path.
   */
  function matching(filter: InquiryMatch, below?: number): SeqQuery {
    const term = filter.q ?? '';
    let query = narrowed(
      db
        .selectFrom('contactInquiries')
        .select('contactInquiries.seq')
        .orderBy('contactInquiries.seq', 'desc'),
      filter,
      dialect,
    );
    if (below !== undefined) query = query.where('contactInquiries.seq', '<', below);
    if (term === '') return query;
    const forms = searchForms(term);

    if (usesTrigramIndex(term)) {
      // FTS5 merges the phrases of an OR in rowid order, so the walk stays lazy.
      const search = db
        .selectFrom(sql<{ rowid: number }>`contact_inquiry_search`.as('search'))
        .where(sql<boolean>`contact_inquiry_search match ${forms.map(ftsPhrase).join(' OR ')}`)
        .$if(below !== undefined, (q) => q.where(sql.ref('search.rowid'), '<', below as number))
        .orderBy(sql.ref('search.rowid'), 'desc');
      // Without a status or an assignment the index alone answers; its rowid is the inquiry's seq.
      // (Typed as a query of the inquiries table: callers only limit, offset, execute or nest it.)
      if (!isNarrowed(filter))
        return search.select(sql<number>`search.rowid`.as('seq')) as unknown as SeqQuery;
      // The search table drives the loop (CROSS JOIN keeps SQLite from reordering it), so its descending
      // rowid order is the result's order and a LIMIT stops the walk early.
      return narrowed(
        search
          .crossJoin('contactInquiries')
          .select('contactInquiries.seq')
          .whereRef(sql.ref('search.rowid'), '=', 'contactInquiries.seq') as unknown as SeqQuery,
        filter,
        dialect,
      );
    }

    if (dialect === 'postgres') {
      return query.where((eb) =>
        eb.or(
          forms.map(
            (form) => sql<boolean>`(${sql.raw(POSTGRES_INQUIRY_SEARCH_TEXT)}) ilike ${containsPattern(form)}`,
          ),
        ),
      );
    }
    // Only terms shorter than a trigram reach here on SQLite, and they have one form.
    const pattern = containsPattern(term);
    if (term.toLowerCase() === term.toUpperCase() || /^[\x20-\x7e]*$/.test(term)) {
      // Nothing to fold beyond ASCII: SQLite's own LIKE, the fastest scan.
      return query.where((eb) =>
        eb.or(
          INQUIRY_SEARCH_FIELDS.map((field) => sql<boolean>`${sql.ref(field)} like ${pattern} escape '\\'`),
        ),
      );
    }
    // A short term with letters beyond ASCII (ü, É): both sides folded by Unicode rules, as the trigram
    // index folds longer terms.
    const folded = term.toLowerCase();
    return query.where((eb) =>
      eb.or(
        INQUIRY_SEARCH_FIELDS.map(
          (field) => sql<boolean>`instr(${sql.raw(FOLD_CASE_FUNCTION)}(${sql.ref(field)}), ${folded}) > 0`,
        ),
      ),
    );
  }

  async function rowsFor(seqs: number[], trx: Executor = db): Promise<Inquiry[]> {
    if (seqs.length === 0) return [];
    const rows = await inquiriesWithAssignee(trx)
      .select(COLUMNS)
      .where('contactInquiries.seq', 'in', seqs)
      .orderBy('contactInquiries.seq', 'desc')
      .execute();
    return rows.map(toRecord);
  }

  async function findById(id: string, trx: Executor = db): Promise<Inquiry | undefined> {
    const row = await inquiriesWithAssignee(trx)
      .select(COLUMNS)
      .where('contactInquiries.id', '=', id)
      .executeTakeFirst();
    return row && toRecord(row);
  }

  /** Runs `work` in a transaction, or in the caller's when this repository was made on one (the demo seed). */
  const atomically = <T>(work: (trx: Executor) => Promise<T>): Promise<T> =>
    db.isTransaction ? work(db) : db.transaction().execute(work);

  /** The inquiry's status, read mark and assignee as they are, locked for a change on PostgreSQL. */
  const lockForChange = (trx: Executor, id: string) =>
    trx
      .selectFrom('contactInquiries')
      .select(['status', 'assignedTo', 'isRead'])
      .where('id', '=', id)
      .$if(dialect === 'postgres', (query) => query.forUpdate())
      .executeTakeFirst();

  /** The inquiry as it is now; the listener is told of it when `didChange`. */
  const changed = async (trx: Executor, id: string, didChange: boolean) => {
    const inquiry = await findById(id, trx);
    if (inquiry && didChange) await onChange?.(trx, 'inquiry.updated', inquiry);
    return inquiry;
  };

  /** A user an inquiry may be assigned to: active, with a role that can use the inbox. */
  const assignable = (trx: Executor) =>
    trx.selectFrom('admins').where('disabledAt', 'is', null).where('role', 'in', INBOX_ROLES);

  /**
   * How many inquiries a search matches. Without a status filter its matches are counted up to one past
   * the cap. With one, only the newest `searchCountExamined` matches of the search are looked at (a word
   * in half the inquiries combined with a rare status would otherwise walk hundreds of thousands of
   * matches to find the cap); `complete` says whether that saw every match.
   */
  async function countMatches(filter: InquiryMatch): Promise<{ counted: number; complete: boolean }> {
    if (!filter.status) {
      const { count } = await db
        .selectFrom(
          matching(filter)
            .limit(INQUIRY_TOTAL_CAP + 1)
            .as('matches'),
        )
        .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
        .executeTakeFirstOrThrow();
      return { counted: Number(count), complete: true };
    }
    const { status: _, ...widened } = filter;
    const newest = matching(widened).limit(searchCountExamined);
    // The trigram index alone yields bare seqs, so the status is read by key; other plans read the rows
    // already.
    const examinedRows =
      usesTrigramIndex(filter.q ?? '') && !isNarrowed(widened)
        ? db
            .selectFrom(newest.as('matches'))
            .innerJoin('contactInquiries', 'contactInquiries.seq', 'matches.seq')
            .select('contactInquiries.status')
        : newest.select('contactInquiries.status');
    const { examined, counted } = await db
      .selectFrom(examinedRows.as('examined'))
      .select((eb) => [
        eb.fn.countAll<number | string | bigint>().as('examined'),
        eb.fn
          .sum<number | string | bigint | null>(
            eb
              .case()
              .when('examined.status', '=', filter.status as string)
              .then(1)
              .else(0)
              .end(),
          )
          .as('counted'),
      ])
      .executeTakeFirstOrThrow();
    return { counted: Number(counted ?? 0), complete: Number(examined) < searchCountExamined };
  }

  async function countStored(): Promise<{ status: string; isRead: number; count: number }[]> {
    return db.selectFrom('contactInquiryCounts').select(['status', 'isRead', 'count']).execute();
  }

  return {
    /** Stores a new inquiry (status new, unread) and returns its id. */
    async create(input: NewInquiry, trx: Executor = db): Promise<string> {
      const id = newId();
      const now = nowIso(clock);
      await trx
        .insertInto('contactInquiries')
        .values({
          id,
          name: input.name,
          phone: input.phone,
          email: input.email,
          city: input.city,
          query: input.query,
          service: input.service,
          language: input.language ?? 'en',
          createdAt: now,
          updatedAt: now,
        })
        .execute();
      return id;
    },

    findById,

    async count(trx: Executor = db): Promise<number> {
      const row = await trx
        .selectFrom('contactInquiries')
        .select((eb) => eb.fn.countAll().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** One page of the inbox, newest first, with the number of matches (counted up to the cap). */
    async list({ page, pageSize, ...filter }: InquiryPageQuery): Promise<InquiryPage> {
      const offset = pageOffset({ page, pageSize });
      const seqs = (await matching(filter).limit(pageSize).offset(offset).execute()).map((row) => row.seq);
      const inquiries = await rowsFor(seqs);

      if (!filter.q && filter.assignedTo === undefined) {
        // Without a search the stored counts are the exact total, however many inquiries there are.
        const counts = await countStored();
        const total = counts
          .filter((row) => !filter.status || row.status === filter.status)
          .reduce((sum, row) => sum + row.count, 0);
        return { inquiries, total, totalCapped: false };
      }
      // A page that is not full ends the list: its end is the total, with no second query.
      if (seqs.length < pageSize && (seqs.length > 0 || offset === 0)) {
        return { inquiries, total: offset + seqs.length, totalCapped: false };
      }
      const { counted, complete } = await countMatches(filter);
      if (complete && counted <= INQUIRY_TOTAL_CAP) return { inquiries, total: counted, totalCapped: false };
      // At least this many match: the cap or what the bounded count found, or more when this page is
      // further on (a page past the end says nothing more).
      const found = Math.min(counted, INQUIRY_TOTAL_CAP);
      const atLeast = seqs.length > 0 ? Math.max(found, offset + seqs.length) : found;
      return { inquiries, total: atLeast, totalCapped: true };
    },

    /** Every inquiry matching the filter, newest first, read in batches (for the CSV export). */
    async *listAll(filter: InquiryMatch): AsyncGenerator<Inquiry> {
      let below: number | undefined;
      for (;;) {
        const seqs = (await matching(filter, below).limit(EXPORT_BATCH).execute()).map((row) => row.seq);
        yield* await rowsFor(seqs);
        if (seqs.length < EXPORT_BATCH) return;
        below = seqs[seqs.length - 1];
      }
    },

    async stats(): Promise<InquiryStats> {
      const stats: InquiryStats = { total: 0, new: 0, inProgress: 0, resolved: 0, closed: 0, unread: 0 };
      for (const { status, isRead, count } of await countStored()) {
        stats.total += count;
        if (!fromFlag(isRead)) stats.unread += count;
        if (status === 'new') stats.new += count;
        else if (status === 'in-progress') stats.inProgress += count;
        else if (status === 'resolved') stats.resolved += count;
        else if (status === 'closed') stats.closed += count;
      }
      return stats;
    },

    /**
     * Sets the status (the update time moves) and, when it changed, records who changed it in the history
     * (`actor` null: nobody's, e.g. the demo content). Undefined when there is no such inquiry.
     */
    setStatus(id: string, status: InquiryStatus, actor: InquiryActor | null): Promise<Inquiry | undefined> {
      return atomically(async (trx) => {
        const current = await lockForChange(trx, id);
        if (!current) return undefined;
        const now = nowIso(clock);
        await trx
          .updateTable('contactInquiries')
          .set({ status, updatedAt: now })
          .where('id', '=', id)
          .execute();
        if (actor && current.status !== status) {
          await recordInquiryEvent(trx, id, actor, now, {
            kind: 'status',
            from: current.status as InquiryStatus,
            to: status,
          });
        }
        return changed(trx, id, current.status !== status);
      });
    },

    /** Marks read or unread. Reading is not an edit, so the update time stays. */
    setRead(id: string, isRead: boolean): Promise<Inquiry | undefined> {
      return atomically(async (trx) => {
        const current = await lockForChange(trx, id);
        if (!current) return undefined;
        await trx
          .updateTable('contactInquiries')
          .set({ isRead: toFlag(isRead) })
          .where('id', '=', id)
          .execute();
        return changed(trx, id, fromFlag(current.isRead) !== isRead);
      });
    },

    /**
     * Assigns the inquiry to a team member, or to nobody (`userId` null), and records it in the history when
     * that changed. Assigning is not an edit of the inquiry: its update time stays. `not-assignable` when
     * the user does not exist, is disabled or has a role without the inbox.
     */
    setAssignee(
      id: string,
      userId: string | null,
      actor: InquiryActor,
    ): Promise<Inquiry | 'not-assignable' | undefined> {
      return atomically(async (trx) => {
        const current = await lockForChange(trx, id);
        if (!current) return undefined;
        const assignee =
          userId === null
            ? null
            : await assignable(trx)
                .select(['id', 'name', 'email'])
                .where('id', '=', userId)
                .executeTakeFirst();
        if (assignee === undefined) return 'not-assignable';
        if ((assignee?.id ?? null) !== current.assignedTo) {
          const previous =
            current.assignedTo === null
              ? undefined
              : await trx
                  .selectFrom('admins')
                  .select(['name', 'email'])
                  .where('id', '=', current.assignedTo)
                  .executeTakeFirst();
          const previousName = previous ? teamMemberName(previous.name, previous.email) : null;
          await trx
            .updateTable('contactInquiries')
            .set({ assignedTo: assignee?.id ?? null })
            .where('id', '=', id)
            .execute();
          const now = nowIso(clock);
          if (assignee) {
            await recordInquiryEvent(trx, id, actor, now, {
              kind: 'assigned',
              assignee: teamMemberName(assignee.name, assignee.email),
              previous: previousName,
            });
          } else if (previousName !== null) {
            await recordInquiryEvent(trx, id, actor, now, { kind: 'unassigned', previous: previousName });
          }
        }
        return changed(trx, id, (assignee?.id ?? null) !== current.assignedTo);
      });
    },

    /** The team members inquiries can be assigned to, by name. */
    async assignees(): Promise<InquiryAssigneeOption[]> {
      const rows = await assignable(db)
        .select(['id', 'name', 'email'])
        .orderBy('name')
        .orderBy('email')
        .execute();
      return rows
        .map((row) => ({ _id: row.id, name: teamMemberName(row.name, row.email), email: row.email }))
        .sort((a, b) => a.name.localeCompare(b.name));
    },

    /** Records in the history that `actor` opened one of the inquiry's reply links; false without the inquiry. */
    recordReplyLink(id: string, channel: InquiryReplyChannel, actor: InquiryActor): Promise<boolean> {
      return atomically(async (trx) => {
        // Held until the entry is written, so a delete meanwhile cannot make the entry's insert fail.
        const current = await lockForChange(trx, id);
        if (!current) return false;
        await recordInquiryEvent(trx, id, actor, nowIso(clock), { kind: 'reply-link', channel });
        return true;
      });
    },

    /** Deletes the inquiry; its listener is told of it as it was. False when there is none. */
    delete(id: string): Promise<boolean> {
      return atomically(async (trx) => {
        const current = onChange && (await lockForChange(trx, id)) && (await findById(id, trx));
        const result = await trx.deleteFrom('contactInquiries').where('id', '=', id).executeTakeFirst();
        if (Number(result.numDeletedRows) === 0) return false;
        if (current) await onChange?.(trx, 'inquiry.deleted', current);
        return true;
      });
    },

    /** Tells the listener that the inquiry changed (a note), in the caller's transaction. */
    async noteChanged(id: string, trx: Executor): Promise<void> {
      await changed(trx, id, true);
    },

    /** The newest unread inquiries. */
    /** The senders' names of the inquiries that still exist among `ids` (the audit log names them so). */
    async senderNames(ids: readonly string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('contactInquiries')
        .select(['id', 'name'])
        .where('id', 'in', [...ids])
        .execute();
      return new Map(rows.map((row) => [row.id, row.name]));
    },

    async recentUnread(limit: number): Promise<Inquiry[]> {
      const rows = await inquiriesWithAssignee(db)
        .select(COLUMNS)
        .where('contactInquiries.isRead', '=', 0)
        .orderBy('contactInquiries.seq', 'desc')
        .limit(limit)
        .execute();
      return rows.map(toRecord);
    },

    /**
     * The inquiries still unread that arrived before `before`, newest first, at most `limit` of them, and
     * how many there are in all (the daily digest's list). Walks the unread index newest first.
     */
    async unreadReceivedBefore(
      before: string,
      limit: number,
      trx: Executor = db,
    ): Promise<{ inquiries: Inquiry[]; total: number }> {
      const unread = inquiriesWithAssignee(trx)
        .where('contactInquiries.isRead', '=', 0)
        .where('contactInquiries.createdAt', '<', before);
      const rows = await unread
        .select(COLUMNS)
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
      return { inquiries: rows.map(toRecord), total };
    },

    /**
     * Inquiries per day and status over the last `days` days of the viewer, whose clock is
     * `utcOffsetMinutes` ahead of UTC; oldest day first, today last, empty days as zeros.
     */
    async perDay(days: number, utcOffsetMinutes: number, now = Date.now()): Promise<DailyInquiryCount[]> {
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
    },
  };
}

export type ContactInquiryRepository = ReturnType<typeof createContactInquiryRepository>;
