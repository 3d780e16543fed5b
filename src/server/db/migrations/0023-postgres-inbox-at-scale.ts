import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './migration-context.ts';

/**
 * PostgreSQL's inbox held to SQLite's budgets at a million inquiries (decision 066). SQLite needs neither
 * part: its trigram index answers searches newest first, and it walks a deep page fast enough.
 *
 * - `search_text`: the searched fields joined by a character no search term holds, lower-cased once when a
 *   row is written, so that a search tests each row with a plain substring match instead of ILIKE's
 *   case-folding of the whole text (three times dearer, measured). The pg_trgm index moves onto it.
 * - `contact_inquiry_seq_counts`: how many inquiries of each status each run of 4,096 `seq` values holds,
 *   kept by the count triggers of migration 0003, so that a deep page of the list starts its walk in the
 *   right run instead of skipping half a million index entries.
 *
 * Frozen like every migration: the field list and the expression are this migration's own copies.
 */
export async function postgresInboxAtScale(db: Kysely<unknown>, { dialect }: MigrationContext) {
  if (dialect !== 'postgres') return;
  await sql`alter table contact_inquiries add column search_text text generated always as
    (lower(name || chr(31) || email || chr(31) || city || chr(31) || query || chr(31) || phone)) stored`.execute(
    db,
  );
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm'`.execute(db);
  const schema = rows[0]?.schema ?? 'public';
  await sql`drop index contact_inquiries_search`.execute(db);
  await sql`create index contact_inquiries_search on contact_inquiries
    using gin (search_text ${sql.id(schema, 'gin_trgm_ops')})`.execute(db);

  await sql`create table contact_inquiry_seq_counts (
    status text not null,
    run integer not null,
    count integer not null,
    constraint contact_inquiry_seq_counts_pk primary key (status, run))`.execute(db);
  await sql`insert into contact_inquiry_seq_counts (status, run, count)
    select status, seq >> 12, count(*) from contact_inquiries group by status, seq >> 12`.execute(db);
  // Migration 0003's function, with the runs kept beside the counts it kept already.
  await sql`create or replace function contact_inquiry_counts_apply() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') then
          update contact_inquiry_counts c set count = c.count - d.n
          from (select status, is_read, count(*) as n from old_rows group by status, is_read) d
          where c.status = d.status and c.is_read = d.is_read;
          update contact_inquiry_seq_counts c set count = c.count - d.n
          from (select status, seq >> 12 as run, count(*) as n from old_rows group by 1, 2) d
          where c.status = d.status and c.run = d.run;
        end if;
        if tg_op in ('UPDATE', 'INSERT') then
          insert into contact_inquiry_counts (status, is_read, count)
          select status, is_read, count(*) from new_rows group by status, is_read
          on conflict (status, is_read) do update set count = contact_inquiry_counts.count + excluded.count;
          insert into contact_inquiry_seq_counts (status, run, count)
          select status, seq >> 12, count(*) from new_rows group by 1, 2
          on conflict (status, run) do update set count = contact_inquiry_seq_counts.count + excluded.count;
        end if;
        return null;
      end $$`.execute(db);
}
