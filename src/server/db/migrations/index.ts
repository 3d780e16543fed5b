import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * Migrations are code, bundled with the server (no directory scan), and written once for both
 * dialects: only column types differ. Append new ones; never edit one that has shipped.
 */
export function migrations(dialect: Dialect): Record<string, Migration> {
  const timestamp = dialect === 'postgres' ? sql`timestamptz` : sql`text`;

  return {
    '0001_admins_and_contact_channels': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('admins')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('email', 'text', (c) => c.notNull().unique())
          .addColumn('password_hash', 'text', (c) => c.notNull())
          .addColumn('created_at', timestamp, (c) => c.notNull())
          .addColumn('updated_at', timestamp, (c) => c.notNull())
          .execute();

        await db.schema
          .createTable('admin_sessions')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('admin_id', 'text', (c) => c.notNull().references('admins.id').onDelete('cascade'))
          .addColumn('created_at', timestamp, (c) => c.notNull())
          .addColumn('last_seen_at', timestamp, (c) => c.notNull())
          .addColumn('expires_at', timestamp, (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('admin_sessions_admin_id')
          .on('admin_sessions')
          .column('admin_id')
          .execute();

        await db.schema
          .createTable('contact_channels')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('type', 'text', (c) => c.notNull())
          .addColumn('value', 'text', (c) => c.notNull())
          .addColumn('proof', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('position', 'integer', (c) => c.notNull())
          .addColumn('created_at', timestamp, (c) => c.notNull())
          .addColumn('updated_at', timestamp, (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('contact_channels_active_position')
          .on('contact_channels')
          .columns(['is_active', 'position'])
          .execute();
      },
    },

    '0002_site_settings_and_contact_inquiries': {
      async up(db: Kysely<unknown>) {
        // One row (id 'site'): the settings as JSON text, read merged over the defaults, so a setting
        // added by a later version needs no migration.
        await db.schema
          .createTable('site_settings')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('settings', 'text', (c) => c.notNull())
          .addColumn('updated_at', timestamp, (c) => c.notNull())
          .execute();

        await db.schema
          .createTable('contact_inquiries')
          .addColumn('id', 'text', (c) => c.primaryKey())
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
        await db.schema
          .createIndex('contact_inquiries_created_at')
          .on('contact_inquiries')
          .column('created_at')
          .execute();
      },
    },

    '0003_inquiry_inbox': {
      async up(db: Kysely<unknown>) {
        await rebuildInquiriesWithSequence(db, dialect, timestamp);
        await createInquiryCounts(db, dialect);
        if (dialect === 'sqlite') await createSqliteInquirySearch(db);
        else await createPostgresInquirySearch(db);
      },
    },

    '0004_blog_posts': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('blog_posts')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('slug', 'text', (c) => c.notNull().unique())
          .addColumn('title', 'text', (c) => c.notNull())
          .addColumn('description', 'text', (c) => c.notNull())
          .addColumn('content', 'text', (c) => c.notNull())
          .addColumn('category', 'text', (c) => c.notNull().defaultTo('Other'))
          .addColumn('image', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('author', 'text', (c) => c.notNull().defaultTo('Admin'))
          .addColumn('is_published', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('published_at', timestamp)
          .addColumn('created_at', timestamp, (c) => c.notNull())
          .addColumn('updated_at', timestamp, (c) => c.notNull())
          .execute();
        // The lists end their order with the id (posts published in the same instant): with it in the
        // indexes, every page is read in index order on both dialects, never sorted.
        await db.schema
          .createIndex('blog_posts_published')
          .on('blog_posts')
          .columns(['is_published', 'published_at', 'id'])
          .execute();
        await db.schema
          .createIndex('blog_posts_category_published')
          .on('blog_posts')
          .columns(['is_published', 'category', 'published_at', 'id'])
          .execute();
        await db.schema
          .createIndex('blog_posts_created_at')
          .on('blog_posts')
          .columns(['created_at', 'id'])
          .execute();
      },
    },

    '0005_blog_views': {
      async up(db: Kysely<unknown>) {
        // One row per (post, visitor, day): a view counts once per visitor per post per day, and the
        // primary key is what makes a concurrent repeat a no-op. `day` is an ISO date (YYYY-MM-DD) text
        // on both dialects; `visitor` a keyed hash, never an address.
        await db.schema
          .createTable('blog_post_views')
          .addColumn('post_id', 'text', (c) => c.notNull().references('blog_posts.id').onDelete('cascade'))
          .addColumn('visitor', 'text', (c) => c.notNull())
          .addColumn('day', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('blog_post_views_pk', ['post_id', 'visitor', 'day'])
          .execute();
        await db.schema.createIndex('blog_post_views_day').on('blog_post_views').column('day').execute();
      },
    },

    '0006_members': {
      async up(db: Kysely<unknown>) {
        // A deleted member stays for a while as a tombstone (mobile and dates only, decision 011): the
        // mobile is unique among members that are not deleted, so it can be registered again at once.
        await db.schema
          .createTable('members')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('mobile', 'text', (c) => c.notNull())
          .addColumn('password_hash', 'text')
          .addColumn('display_name', 'text')
          .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
          .addColumn('created_at', timestamp, (c) => c.notNull())
          .addColumn('updated_at', timestamp, (c) => c.notNull())
          .addColumn('deleted_at', timestamp)
          .execute();
        await db.schema
          .createIndex('members_mobile_not_deleted')
          .on('members')
          .column('mobile')
          .unique()
          .where(sql.ref('deleted_at'), 'is', null)
          .execute();
        // The admin's list: members not deleted, newest first (the status filter reads the same walk).
        await db.schema
          .createIndex('members_not_deleted_created_at')
          .on('members')
          .columns(['created_at', 'id'])
          .where(sql.ref('deleted_at'), 'is', null)
          .execute();
        // The daily purge finds tombstones past their retention.
        await db.schema
          .createIndex('members_deleted_at')
          .on('members')
          .column('deleted_at')
          .where(sql.ref('deleted_at'), 'is not', null)
          .execute();

        // Who did what to a member, and when. The admin's email is copied so the entry still reads the
        // same if the admin account changes; null admin means the member acted (self-deletion).
        await db.schema
          .createTable('member_audit_log')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('member_id', 'text', (c) => c.notNull().references('members.id').onDelete('cascade'))
          .addColumn('action', 'text', (c) => c.notNull())
          .addColumn('admin_id', 'text')
          .addColumn('admin_email', 'text')
          .addColumn('changes', 'text')
          .addColumn('created_at', timestamp, (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('member_audit_log_member_created_at')
          .on('member_audit_log')
          .columns(['member_id', 'created_at'])
          .execute();
      },
    },

    '0007_admin_sign_in_record': {
      async up(db: Kysely<unknown>) {
        // What an admin is told at sign-in: when they last signed in, and how many wrong passwords were
        // tried on their account since.
        await db.schema.alterTable('admins').addColumn('last_sign_in_at', timestamp).execute();
        await db.schema
          .alterTable('admins')
          .addColumn('failed_sign_ins', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
      },
    },
  };
}

type Timestamp = ReturnType<typeof sql>;

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
  await db.schema
    .createIndex('contact_inquiries_status_seq')
    .on('contact_inquiries')
    .columns(['status', 'seq'])
    .execute();
  await db.schema
    .createIndex('contact_inquiries_read_seq')
    .on('contact_inquiries')
    .columns(['is_read', 'seq'])
    .execute();
  // The dashboard's inquiries per day: a range of days, counted by status without reading the rows.
  await db.schema
    .createIndex('contact_inquiries_created_at_status')
    .on('contact_inquiries')
    .columns(['created_at', 'status'])
    .execute();
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

/** The fields the inbox search matches, in both dialects' search indexes. */
export const INQUIRY_SEARCH_FIELDS = ['name', 'email', 'city', 'query', 'phone'] as const;

/**
 * SQLite: an FTS5 trigram index over the searched fields, keyed by `seq`. Reading it in rowid order
 * descending gives matches newest first without fetching and sorting them all.
 */
async function createSqliteInquirySearch(db: Kysely<unknown>) {
  const fields = INQUIRY_SEARCH_FIELDS.join(', ');
  const values = (row: 'new' | 'old') => INQUIRY_SEARCH_FIELDS.map((field) => `${row}.${field}`).join(', ');
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

/** PostgreSQL: the text the search matches, one expression shared by the index and the queries. */
export const POSTGRES_INQUIRY_SEARCH_TEXT = INQUIRY_SEARCH_FIELDS.join(' || chr(31) || ');

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
    using gin ((${sql.raw(POSTGRES_INQUIRY_SEARCH_TEXT)}) ${sql.id(schema, 'gin_trgm_ops')})`.execute(db);
}
