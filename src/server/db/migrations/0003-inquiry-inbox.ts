import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.ts';
import { createIndex, type MigrationContext, type Timestamp } from './migration-context.ts';

/**
 * The inquiry inbox at scale (decision 008): inquiries numbered in the order they arrive, counts kept by
 * triggers, and a trigram search index.
 */
export async function inquiryInbox(db: Kysely<unknown>, { dialect, timestamp }: MigrationContext) {
  await rebuildInquiriesWithSequence(db, dialect, timestamp);
  await createInquiryCounts(db, dialect);
  if (dialect === 'sqlite') await createSqliteInquirySearch(db);
  else await createPostgresInquirySearch(db);
}

const INQUIRY_COLUMNS =
  'id, name, phone, email, city, query, service, status, is_read, created_at, updated_at';

/**
 * Inquiries get `seq`, an integer that grows with every new inquiry: "newest first" is `seq` descending,
 * which the list, the status filter and the search index can all walk without sorting (decision 008).
 * Existing rows are numbered in the order they arrived.
 */
async function rebuildInquiriesWithSequence(db: Kysely<unknown>, dialect: Dialect, timestamp: Timestamp) {
  await db.schema
    .createTable('contact_inquiries_next')
    // SQLite: an INTEGER PRIMARY KEY is the rowid itself, so it never changes (VACUUM keeps it), and the
    // search index can point at it. PostgreSQL: an identity column.
    .addColumn('seq', 'integer', (c) =>
      dialect === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey(),
    )
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('query', 'text', (c) => c.notNull())
    .addColumn('service', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('new'))
    .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();
  await sql
    .raw(
      `insert into contact_inquiries_next (${INQUIRY_COLUMNS}) select ${INQUIRY_COLUMNS} from contact_inquiries order by created_at, id`,
    )
    .execute(db);
  await db.schema.dropTable('contact_inquiries').execute();
  await db.schema.alterTable('contact_inquiries_next').renameTo('contact_inquiries').execute();
  if (dialect === 'postgres') {
    // Constraints and the identity sequence keep the names they were created with.
    await sql`alter table contact_inquiries rename constraint contact_inquiries_next_pkey to contact_inquiries_pkey`.execute(
      db,
    );
    await sql`alter table contact_inquiries rename constraint contact_inquiries_next_id_key to contact_inquiries_id_key`.execute(
      db,
    );
    await sql`alter sequence contact_inquiries_next_seq_seq rename to contact_inquiries_seq_seq`.execute(db);
  }

  if (dialect === 'sqlite') {
    // The rowid table holds whole rows; this narrow index lets a deep page skip 500,000 entries in a few
    // milliseconds instead of reading every row before it. (PostgreSQL's primary key index does this.)
    await db.schema.createIndex('contact_inquiries_seq').on('contact_inquiries').column('seq').execute();
  }
  await createIndex(db, 'contact_inquiries_status_seq', 'contact_inquiries', ['status', 'seq']);
  await createIndex(db, 'contact_inquiries_read_seq', 'contact_inquiries', ['is_read', 'seq']);
  // The dashboard's inquiries per day: a range of days, counted by status without reading the rows.
  await createIndex(db, 'contact_inquiries_created_at_status', 'contact_inquiries', ['created_at', 'status']);
}

/**
 * The inbox's stat cards read counts kept per (status, read) by triggers, rather than counting a million
 * rows on every visit. Triggers also see bulk imports and direct SQL, so the counts cannot drift.
 */
async function createInquiryCounts(db: Kysely<unknown>, dialect: Dialect) {
  await db.schema
    .createTable('contact_inquiry_counts')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('is_read', 'integer', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('contact_inquiry_counts_pk', ['status', 'is_read'])
    .execute();
  await sql`
    insert into contact_inquiry_counts (status, is_read, count)
    select status, is_read, count(*) from contact_inquiries group by status, is_read`.execute(db);

  if (dialect === 'sqlite') {
    const add = `
      insert into contact_inquiry_counts (status, is_read, count) values (new.status, new.is_read, 1)
      on conflict (status, is_read) do update set count = contact_inquiry_counts.count + 1;`;
    const remove = `
      update contact_inquiry_counts set count = count - 1
      where status = old.status and is_read = old.is_read;`;
    const changed = 'old.status <> new.status or old.is_read <> new.is_read';
    await sql
      .raw(`create trigger contact_inquiries_count_insert after insert on contact_inquiries
        begin ${add} end`)
      .execute(db);
    await sql
      .raw(`create trigger contact_inquiries_count_delete after delete on contact_inquiries
        begin ${remove} end`)
      .execute(db);
    await sql
      .raw(`create trigger contact_inquiries_count_update after update of status, is_read
        on contact_inquiries when ${changed}
        begin ${remove} ${add} end`)
      .execute(db);
    return;
  }
  // PostgreSQL: once per statement, from its transition tables. A bulk import then changes each count
  // row once per statement, not once per inquiry (a million updates of eight rows in one transaction
  // would leave a million dead row versions for every later read of the counts to skip).
  await sql
    .raw(`create function contact_inquiry_counts_apply() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') then
          update contact_inquiry_counts c set count = c.count - d.n
          from (select status, is_read, count(*) as n from old_rows group by status, is_read) d
          where c.status = d.status and c.is_read = d.is_read;
        end if;
        if tg_op in ('UPDATE', 'INSERT') then
          insert into contact_inquiry_counts (status, is_read, count)
          select status, is_read, count(*) from new_rows group by status, is_read
          on conflict (status, is_read) do update set count = contact_inquiry_counts.count + excluded.count;
        end if;
        return null;
      end $$`)
    .execute(db);
  for (const [event, tables] of [
    ['insert', 'new table as new_rows'],
    ['delete', 'old table as old_rows'],
    ['update', 'old table as old_rows new table as new_rows'],
  ] as const) {
    await sql
      .raw(`create trigger contact_inquiries_count_${event} after ${event} on contact_inquiries
        referencing ${tables} for each statement execute function contact_inquiry_counts_apply()`)
      .execute(db);
  }
}

/**
 * The fields the inbox search matches, in both dialects' search indexes. Frozen: this is what the
 * migration built when it ran, so it never follows the app's code (the inbox search keeps its own copy in
 * features/contact-inquiries/inbox-search.ts); changing the indexes takes a new migration.
 */
const SEARCH_FIELDS = ['name', 'email', 'city', 'query', 'phone'] as const;

/**
 * SQLite: an FTS5 trigram index over the searched fields, keyed by `seq`. Reading it in rowid order
 * descending gives matches newest first without fetching and sorting them all.
 */
async function createSqliteInquirySearch(db: Kysely<unknown>) {
  const fields = SEARCH_FIELDS.join(', ');
  const values = (row: 'new' | 'old') => SEARCH_FIELDS.map((field) => `${row}.${field}`).join(', ');
  await sql
    .raw(`create virtual table contact_inquiry_search using fts5(${fields},
      content='contact_inquiries', content_rowid='seq', tokenize='trigram')`)
    .execute(db);
  await sql.raw(`insert into contact_inquiry_search (contact_inquiry_search) values ('rebuild')`).execute(db);
  const insert = `insert into contact_inquiry_search (rowid, ${fields}) values (new.seq, ${values('new')});`;
  const remove = `insert into contact_inquiry_search (contact_inquiry_search, rowid, ${fields})
    values ('delete', old.seq, ${values('old')});`;
  await sql
    .raw(`create trigger contact_inquiry_search_insert after insert on contact_inquiries begin ${insert} end`)
    .execute(db);
  await sql
    .raw(`create trigger contact_inquiry_search_delete after delete on contact_inquiries begin ${remove} end`)
    .execute(db);
  await sql
    .raw(`create trigger contact_inquiry_search_update after update of ${fields} on contact_inquiries
      begin ${remove} ${insert} end`)
    .execute(db);
}

/**
 * PostgreSQL: the text the search matches, the expression of the index. Frozen like SEARCH_FIELDS; the
 * inbox search's queries write the same expression, so that PostgreSQL can use the index for them.
 */
const POSTGRES_SEARCH_TEXT =
  'name || chr(31) || email || chr(31) || city || chr(31) || query || chr(31) || phone';

/** PostgreSQL: a pg_trgm GIN index on the searched fields joined by a separator no search term holds. */
async function createPostgresInquirySearch(db: Kysely<unknown>) {
  // Parallel migrations (several app instances starting, test workers) would race to create the extension.
  await sql`select pg_advisory_xact_lock(4242001)`.execute(db);
  await sql`create extension if not exists pg_trgm with schema public`.execute(db);
  // It may already live in another schema (installed by the database's owner): use it where it is.
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm'`.execute(db);
  const schema = rows[0]?.schema ?? 'public';
  await sql`create index contact_inquiries_search on contact_inquiries
    using gin ((${sql.raw(POSTGRES_SEARCH_TEXT)}) ${sql.id(schema, 'gin_trgm_ops')})`.execute(db);
}
