import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type {
  Inquiry,
  InquiryFilter,
  InquiryListResponse,
} from '../../../shared/contracts/contact-inquiries.ts';
import { INQUIRY_TOTAL_CAP } from '../../../shared/rules/contact-inquiries.ts';
import { type Dialect, FOLD_CASE_FUNCTION } from '../../db/database.ts';
import { containsPattern, pageOffset } from '../../db/repository-support.ts';
import type { DB } from '../../db/schema.ts';
import { searchDigits } from '../../lib/phone-numbers.ts';
import { storedCounts } from './inquiry-reports.ts';
import { type InquiryTeam, inquiriesBySeq } from './inquiry-rows.ts';

/*
 * The inbox search planner: how a page of the inbox (a status, a search, an assignment, a page number)
 * becomes SQL on each database. Newest first is `seq` descending everywhere (decision 008). Each way of
 * finding inquiries yields their `seq` values in that order, so a page is a LIMIT/OFFSET over an index walk
 * and the rows are then read by key; nothing is sorted.
 */

/** One page of the inbox; `total` is exact up to INQUIRY_TOTAL_CAP, beyond it `totalCapped` is true. */
export type InquiryPage = Omit<InquiryListResponse, 'page' | 'pageSize' | 'overdue'>;

/**
 * What the inbox looks for: the filter of its query string, with "assigned to me" made the signed-in
 * user's id (`assignedTo`: an id, or null for the unassigned ones).
 */
export type InquiryMatch = Omit<InquiryFilter, 'assigned'> & { assignedTo?: string | null };
type InquiryPageQuery = InquiryMatch & { page: number; pageSize: number };

/** What the search runs on. */
export interface InboxSearchContext {
  db: Kysely<DB>;
  dialect: Dialect;
  team: InquiryTeam;
  /** A search combined with a status filter counts among at most this many of the search's newest matches. */
  searchCountExamined: number;
}

/** The value of `searchCountExamined` outside tests (decision 066). */
export const SEARCH_COUNT_EXAMINED = 10_000;

/**
 * The fields the search matches. They are the columns of both dialects' search indexes, built by
 * migrations 0003 and 0023, which keep their own frozen copies: a change here needs a migration that
 * rebuilds them.
 */
const INQUIRY_SEARCH_FIELDS = ['name', 'email', 'city', 'query', 'phone'] as const;

/**
 * PostgreSQL: the column the search matches (migration 0023), the fields joined by a character no search
 * term holds and lower-cased when the row is written; its pg_trgm index is `contact_inquiries_search`.
 */
const POSTGRES_SEARCH_TEXT = sql.raw('contact_inquiries.search_text');

/**
 * PostgreSQL: how many of the newest inquiries (whatever the filter) a search looks at to tell a frequent
 * term from a scarce one, and the share of matches among them from which the term counts as frequent
 * (decision 066).
 */
export const POSTGRES_SEARCH_PROBE = { rows: 1_000, frequentShare: 0.1 } as const;

/** PostgreSQL: the length of the runs of `seq` values migration 0023 counts per status (`seq >> 12`). */
const SEQ_RUN_LENGTH = 4_096;

/** PostgreSQL: a list page this deep starts its walk from the counted runs (decision 066). */
const DEEP_PAGE_OFFSET = 2 * SEQ_RUN_LENGTH;

/** The search index holds trigrams: terms shorter than this are matched by scanning instead. */
const TRIGRAM_LENGTH = 3;

const EXPORT_BATCH = 500;

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

/** SQLite reads terms of three or more characters from its trigram index. */
function usesTrigramIndex(dialect: Dialect, term: string): boolean {
  return dialect === 'sqlite' && [...term].length >= TRIGRAM_LENGTH;
}

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

/**
 * The `seq` of every inquiry matching the filter, newest first, optionally only those older than
 * `below` (for keyset batches). Three plans:
 * - no search: the status index, or the `seq` index, walked backwards;
 * - SQLite, a term of 3+ characters: the trigram index read in descending rowid order, which FTS5 does
 *   lazily, so a common term stops after one page and a rare one reads only its few matches;
 * - otherwise a contains-match, newest first along the filter's index: on PostgreSQL for every term (a
 *   scarce term's page comes from its pg_trgm index instead, `postgresSearchPage`); on SQLite for the
 *   short, common terms that reach this path, which fill a page at once.
 */
function matching({ db, dialect }: InboxSearchContext, filter: InquiryMatch, below?: number): SeqQuery {
  const term = filter.q ?? '';
  if (usesTrigramIndex(dialect, term)) return trigramIndexMatches(db, dialect, filter, below);
  let query = narrowed(
    db.selectFrom('contactInquiries').select('contactInquiries.seq').orderBy('contactInquiries.seq', 'desc'),
    filter,
    dialect,
  );
  if (below !== undefined) query = query.where('contactInquiries.seq', '<', below);
  if (term === '') return query;
  return containsMatches(query, term, dialect);
}

/** SQLite, a term of 3+ characters: the matches read from the trigram index, newest first. */
function trigramIndexMatches(
  db: Kysely<DB>,
  dialect: Dialect,
  filter: InquiryMatch,
  below?: number,
): SeqQuery {
  const forms = searchForms(filter.q ?? '');
  // FTS5 merges the phrases of an OR in rowid order, so the walk stays lazy.
  const search = db
    .selectFrom(sql<{ rowid: number }>`contact_inquiry_search`.as('search'))
    .where(sql<boolean>`contact_inquiry_search match ${forms.map(ftsPhrase).join(' OR ')}`)
    .$if(below !== undefined, (q) => q.where(sql.ref('search.rowid'), '<', below as number))
    .orderBy(sql.ref('search.rowid'), 'desc');
  // Without a status or an assignment the index alone answers; its rowid is the inquiry's seq.
  // (Typed as a query of the inquiries table: callers only limit, offset, execute or nest it.)
  if (!isNarrowed(filter)) return search.select(sql<number>`search.rowid`.as('seq')) as unknown as SeqQuery;
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

/** `query` keeping the inquiries one of whose searched fields contains `term`, case folded. */
function containsMatches(query: SeqQuery, term: string, dialect: Dialect): SeqQuery {
  if (dialect === 'postgres') {
    // strpos, which no index serves: this is always the walk newest first along `query`'s index.
    return query.where((eb) =>
      eb.or(
        searchForms(term).map((form) => sql<boolean>`strpos(${POSTGRES_SEARCH_TEXT}, lower(${form})) > 0`),
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

/**
 * How many inquiries a search matches. Without a status filter its matches are counted up to one past
 * the cap. With one, only the newest `searchCountExamined` matches of the search are looked at (a word
 * in half the inquiries combined with a rare status would otherwise walk hundreds of thousands of
 * matches to find the cap); `complete` says whether that saw every match.
 */
async function countMatches(
  context: InboxSearchContext,
  filter: InquiryMatch,
): Promise<{ counted: number; complete: boolean }> {
  const { db, dialect, searchCountExamined } = context;
  if (!filter.status) {
    const { count } = await db
      .selectFrom(
        matching(context, filter)
          .limit(INQUIRY_TOTAL_CAP + 1)
          .as('matches'),
      )
      .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
      .executeTakeFirstOrThrow();
    return { counted: Number(count), complete: true };
  }
  const { status: _, ...widened } = filter;
  const newest = matching(context, widened).limit(searchCountExamined);
  // The trigram index alone yields bare seqs, so the status is read by key; other plans read the rows
  // already.
  const examinedRows =
    usesTrigramIndex(dialect, filter.q ?? '') && !isNarrowed(widened)
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

/**
 * PostgreSQL: the page of a search for a scarce term, read from its pg_trgm index (decision 066); undefined
 * when the term is frequent among the newest inquiries or too short for a trigram, for the walk newest
 * first. Every match up to one past the cap is read from the index and sorted: a scarce term's matches
 * are few, and the count needs them all anyway.
 */
async function postgresSearchPage(
  context: InboxSearchContext,
  filter: InquiryMatch,
  offset: number,
  pageSize: number,
): Promise<(Omit<InquiryPage, 'inquiries'> & { seqs: number[] }) | undefined> {
  const term = filter.q ?? '';
  if (context.dialect !== 'postgres' || [...term].length < TRIGRAM_LENGTH) return undefined;
  if (await isFrequentAmongNewest(context.db, term)) return undefined;
  const page = { offset, pageSize };
  const { rows } = await withIndexPlansOnly(context.db, (trx) => indexedPageQuery(filter, page).execute(trx));
  const total = Number(rows[0]?.total ?? 0);
  if (total <= INQUIRY_TOTAL_CAP) {
    return { seqs: rows.flatMap((row) => (row.seq === null ? [] : [row.seq])), total, totalCapped: false };
  }
  // More than the cap, though scarce among the newest: the count is known, the page is a walk.
  const seqs = (await pageOfMatches(context, filter, offset, pageSize)).map((row) => row.seq);
  return { seqs, total: Math.max(INQUIRY_TOTAL_CAP, offset + seqs.length), totalCapped: true };
}

/**
 * PostgreSQL: whether the search matches at least POSTGRES_SEARCH_PROBE's share of the newest inquiries (or
 * there are no more than those, which a walk reads at once). The newest of all, whatever the filter: they
 * are the first rows of the table's own index, where a status's newest may lie far apart.
 */
async function isFrequentAmongNewest(db: Kysely<DB>, term: string) {
  const newest = db
    .selectFrom('contactInquiries')
    .select(POSTGRES_SEARCH_TEXT.as('text'))
    .orderBy('contactInquiries.seq', 'desc')
    .limit(POSTGRES_SEARCH_PROBE.rows);
  const contains = searchForms(term).map((form) => sql<boolean>`strpos(newest.text, lower(${form})) > 0`);
  const { examined, matched } = await db
    .selectFrom(newest.as('newest'))
    .select((eb) => [
      eb.fn.countAll<number | string | bigint>().as('examined'),
      eb.fn
        .countAll<number | string | bigint>()
        .filterWhere(sql<boolean>`${sql.join(contains, sql` or `)}`)
        .as('matched'),
    ])
    .executeTakeFirstOrThrow();
  return (
    Number(examined) < POSTGRES_SEARCH_PROBE.rows ||
    Number(matched) >= POSTGRES_SEARCH_PROBE.rows * POSTGRES_SEARCH_PROBE.frequentShare
  );
}

/**
 * Runs `work` in a transaction whose planner may use no sequential or plain index scan: what is left to it
 * is a bitmap of an index, the pg_trgm index for a search.
 */
export function withIndexPlansOnly<T>(db: Kysely<DB>, work: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql`select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true),
      set_config('enable_indexonlyscan', 'off', true)`.execute(trx);
    return work(trx);
  });
}

/**
 * PostgreSQL: a page of the search's matches from its pg_trgm index (run it `withIndexPlansOnly`), newest
 * first, each row with the number of matches, counted up to one past the cap (one row with a null `seq`
 * when the page is past the end). The filter's other conditions apply to what the index found, never as a second
 * index ANDed with it, which would read every inquiry of the status.
 */
export function indexedPageQuery(
  { q, status, assignedTo }: InquiryMatch,
  { offset, pageSize }: { offset: number; pageSize: number },
) {
  const contains = searchForms(q ?? '').map(
    (form) => sql`${POSTGRES_SEARCH_TEXT} like lower(${containsPattern(form)})`,
  );
  const conditions = [
    ...(status ? [sql`status = ${status}`] : []),
    ...(assignedTo === null ? [sql`assigned_to is null`] : []),
    ...(typeof assignedTo === 'string' ? [sql`assigned_to = ${assignedTo}`] : []),
  ];
  const matches = sql.join(contains, sql` or `);
  // OFFSET 0 keeps the conditions out of the index scan.
  const kept =
    conditions.length === 0
      ? sql`select seq from contact_inquiries where ${matches}`
      : sql`select seq from (select seq, status, assigned_to from contact_inquiries where ${matches} offset 0) found
          where ${sql.join(conditions, sql` and `)}`;
  return sql<{ seq: number | null; total: number | string }>`
    with kept as materialized (${kept} limit ${INQUIRY_TOTAL_CAP + 1})
    select page.seq, counted.total from (select count(*) as total from kept) counted
      left join lateral (select seq from kept order by seq desc offset ${offset} limit ${pageSize}) page
      on true`;
}

/**
 * A page of the filter's matches. PostgreSQL starts a deep page of the list (no search, no assignment) in
 * the run of `seq` values it falls in, from migration 0023's counts, instead of walking every inquiry
 * before it; the rest walk from the newest.
 */
async function pageOfMatches(
  context: InboxSearchContext,
  filter: InquiryMatch,
  offset: number,
  pageSize: number,
) {
  const { db, dialect } = context;
  if (dialect !== 'postgres' || offset < DEEP_PAGE_OFFSET || filter.q || filter.assignedTo !== undefined) {
    return matching(context, filter).limit(pageSize).offset(offset).execute();
  }
  const runs = await db
    .selectFrom('contactInquirySeqCounts')
    .select((eb) => ['run', eb.fn.sum<number | string>('count').as('count')])
    .$if(filter.status !== undefined, (q) => q.where('status', '=', filter.status as string))
    .groupBy('run')
    .orderBy('run', 'desc')
    .execute();
  let before = 0;
  for (const { run, count } of runs) {
    if (before + Number(count) > offset) {
      // Multiplied, not shifted: JavaScript shifts 32-bit integers, and seq goes up to 2^31 - 1.
      return matching(context, filter, (run + 1) * SEQ_RUN_LENGTH)
        .limit(pageSize)
        .offset(offset - before)
        .execute();
    }
    before += Number(count);
  }
  return [];
}

/** One page of the inbox, newest first, with the number of matches (counted up to the cap). */
export async function listInquiries(
  context: InboxSearchContext,
  { page, pageSize, ...filter }: InquiryPageQuery,
): Promise<InquiryPage> {
  const offset = pageOffset({ page, pageSize });
  const indexed = await postgresSearchPage(context, filter, offset, pageSize);
  if (indexed) {
    const { seqs, ...total } = indexed;
    return { inquiries: await inquiriesBySeq(context.team, context.db, seqs), ...total };
  }
  const seqs = (await pageOfMatches(context, filter, offset, pageSize)).map((row) => row.seq);
  const inquiries = await inquiriesBySeq(context.team, context.db, seqs);

  if (!filter.q && filter.assignedTo === undefined) {
    // Without a search the stored counts are the exact total, however many inquiries there are.
    const counts = await storedCounts(context.db);
    const total = counts
      .filter((row) => !filter.status || row.status === filter.status)
      .reduce((sum, row) => sum + row.count, 0);
    return { inquiries, total, totalCapped: false };
  }
  // A page that is not full ends the list: its end is the total, with no second query.
  if (seqs.length < pageSize && (seqs.length > 0 || offset === 0)) {
    return { inquiries, total: offset + seqs.length, totalCapped: false };
  }
  const { counted, complete } = await countMatches(context, filter);
  if (complete && counted <= INQUIRY_TOTAL_CAP) return { inquiries, total: counted, totalCapped: false };
  // At least this many match: the cap or what the bounded count found, or more when this page is
  // further on (a page past the end says nothing more).
  const found = Math.min(counted, INQUIRY_TOTAL_CAP);
  const atLeast = seqs.length > 0 ? Math.max(found, offset + seqs.length) : found;
  return { inquiries, total: atLeast, totalCapped: true };
}

/** Every inquiry matching the filter, newest first, read in batches (for the CSV export). */
export async function* listAllInquiries(
  context: InboxSearchContext,
  filter: InquiryMatch,
): AsyncGenerator<Inquiry> {
  let below: number | undefined;
  for (;;) {
    const seqs = (await matching(context, filter, below).limit(EXPORT_BATCH).execute()).map((row) => row.seq);
    yield* await inquiriesBySeq(context.team, context.db, seqs);
    if (seqs.length < EXPORT_BATCH) return;
    below = seqs[seqs.length - 1];
  }
}
