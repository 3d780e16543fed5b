import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test-support/test-app.ts';
import type { Database } from './database.ts';
import type { WriteExecutor } from './group-commit.ts';

describe('SQLite group commit', () => {
  let database: Database;
  let dispose: () => Promise<void>;
  let filename: string;
  /** A second connection: it sees a write only once it is committed. */
  let observer: SQLite.Database;

  beforeEach(async () => {
    ({ database, dispose } = await openTestDatabase('sqlite'));
    filename = (
      await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(
        database.db,
      )
    ).rows[0]!.file;
    await sql`create table notes (id integer primary key, text text not null)`.execute(database.db);
    // Checked at commit, so a violation fails the commit itself rather than a statement.
    await sql`create table note_links (note_id integer not null references notes (id) deferrable initially deferred)`.execute(
      database.db,
    );
    observer = new SQLite(filename, { readonly: true });
  });
  afterEach(async () => {
    observer.close();
    await dispose();
  });

  const committedNotes = () => (observer.prepare('select count(*) as n from notes').get() as { n: number }).n;
  const insertNote = (trx: WriteExecutor, id: number) =>
    sql`insert into notes (id, text) values (${id}, ${`note ${id}`})`.execute(trx);

  it('runs the writes of one turn in one transaction and resolves each after the commit', async () => {
    const executors = new Set<WriteExecutor>();
    const seenAtResolve: number[] = [];
    const writes = Array.from({ length: 20 }, (_, i) =>
      database
        .groupCommit(async (trx) => {
          executors.add(trx);
          await insertNote(trx, i + 1);
          return i + 1;
        })
        .then((id) => {
          seenAtResolve.push(committedNotes());
          return id;
        }),
    );
    expect(await Promise.all(writes)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(executors.size).toBe(1);
    // Another connection already sees all twenty when the first promise resolves.
    expect(seenAtResolve).toEqual(Array(20).fill(20));

    // A later turn starts a transaction of its own.
    await database.groupCommit(async (trx) => {
      executors.add(trx);
      await insertNote(trx, 21);
    });
    expect(executors.size).toBe(2);
  });

  it('rejects a failing write alone: its statements are rolled back, the others are committed', async () => {
    const results = await Promise.allSettled([
      database.groupCommit((trx) => insertNote(trx, 1)),
      database.groupCommit(async (trx) => {
        await insertNote(trx, 2);
        await insertNote(trx, 1); // the primary key of the first write
      }),
      database.groupCommit((trx) => insertNote(trx, 3)),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(observer.prepare('select id from notes order by id').pluck().all()).toEqual([1, 3]);
  });

  it('rejects every write of the batch when the commit fails, and stores none of them', async () => {
    const results = await Promise.allSettled([
      database.groupCommit((trx) => insertNote(trx, 1)),
      database.groupCommit((trx) => sql`insert into note_links (note_id) values (999)`.execute(trx)),
    ]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(committedNotes()).toBe(0);
    // The connection is usable again.
    await database.groupCommit((trx) => insertNote(trx, 2));
    expect(committedNotes()).toBe(1);
  });
});
