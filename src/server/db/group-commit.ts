import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from './schema.ts';

export type WriteExecutor = Kysely<DB> | Transaction<DB>;

/**
 * Runs `work` (database statements only, on the executor it is given) and resolves with its result once
 * the write is committed.
 */
export type GroupCommit = <T>(work: (trx: WriteExecutor) => Promise<T>) => Promise<T>;

interface PendingWrite {
  work: (trx: WriteExecutor) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

/** Each write commits on its own: what PostgreSQL does, whose server already groups concurrent commits. */
export function commitEach(db: Kysely<DB>): GroupCommit {
  return (work) => work(db);
}

/**
 * SQLite: the writes that arrive in one turn of the event loop share one transaction, so one WAL sync
 * (synchronous=FULL) makes all of them durable, instead of one sync each while better-sqlite3 blocks the
 * event loop (decision 012). Each write still resolves only after that commit, and each runs in a
 * savepoint: a write that fails is rolled back and rejected alone; a commit that fails rejects them all.
 *
 * A write must use the executor it is given and only it, and must not wait for anything but its
 * statements: the transaction holds SQLite's one connection until the last write of the batch is done.
 */
export function createGroupCommit(db: Kysely<DB>): GroupCommit {
  let pending: PendingWrite[] = [];

  async function runBatch(batch: PendingWrite[]): Promise<void> {
    const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
    try {
      await db.transaction().execute(async (trx) => {
        for (const write of batch) {
          await sql`savepoint group_commit_write`.execute(trx);
          try {
            outcomes.push({ ok: true, value: await write.work(trx) });
            await sql`release group_commit_write`.execute(trx);
          } catch (error) {
            await sql`rollback to group_commit_write`.execute(trx);
            await sql`release group_commit_write`.execute(trx);
            outcomes.push({ ok: false, error });
          }
        }
      });
    } catch (error) {
      for (const write of batch) write.reject(error);
      return;
    }
    batch.forEach((write, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) write.resolve(outcome.value);
      else write.reject(outcome.error);
    });
  }

  return <T>(work: (trx: WriteExecutor) => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      // setImmediate runs after the poll phase: every request read in this turn joins the batch.
      if (pending.length === 0) {
        setImmediate(() => {
          const batch = pending;
          pending = [];
          void runBatch(batch);
        });
      }
      pending.push({ work, resolve: resolve as (value: unknown) => void, reject });
    });
}
