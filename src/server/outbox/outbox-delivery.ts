import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../db/database.ts';
import type { Executor } from '../db/repository-support.ts';
import { nowIso, toIso } from '../db/values.ts';
import type { OutboxEntry, OutboxHandler, OutboxKind } from './outbox.ts';
import { claimWrite, type OutboxClaims, type OutboxRow } from './outbox-claims.ts';

/*
 * What the outbox's worker does with an entry it took: runs its handler (a send outside any transaction, a
 * write-only entry inside the one that marks it done), and records the outcome: done, due again after a
 * backoff, or given up (decision 031).
 */

/** Thrown by a handler when trying again cannot help (an address refused for good): given up at once. */
export class PermanentFailure extends Error {}

/** The waits between attempts: about 1 min, 5 min, 30 min, then every 2 h (decision 031). */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000] as const;
/** An entry still failing this long after it was written is given up, with its last error kept. */
export const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;
/** PostgreSQL: write-only entries (fan-outs) handled at once, each in a short transaction holding its row. */
const POSTGRES_WRITES_AT_ONCE = 2;
/** The longest error text kept: enough for an SMTP server's answer. */
const MAX_ERROR_LENGTH = 500;

/** What delivering works with: one outbox's database, handlers, clock and log. */
export interface DeliveryContext {
  database: Pick<Database, 'db' | 'dialect' | 'groupCommit'>;
  handlers: Record<OutboxKind, OutboxHandler>;
  clock: () => number;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

type Outcome = { ok: true } | { ok: false; error: unknown };

function toEntry(row: OutboxRow): OutboxEntry {
  return {
    id: row.id,
    kind: row.kind as OutboxKind,
    payload: JSON.parse(row.payload),
    attempts: row.attempts + 1,
    createdAt: toIso(row.createdAt),
  };
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH - 1)}…` : text;
}

/** The entries' outcome, written with `executor` (the claiming transaction on PostgreSQL). */
async function markAllDone({ clock }: DeliveryContext, executor: Executor, ids: string[]) {
  await executor
    .updateTable('notificationOutbox')
    .set((eb) => ({
      status: 'sent',
      attempts: eb('attempts', '+', 1),
      lastError: null,
      finishedAt: nowIso(clock),
    }))
    .where('id', 'in', ids)
    .execute();
}

/**
 * A failed attempt, written with `executor`: due again after the next of RETRY_DELAYS_MS, or given up on a
 * PermanentFailure or once GIVE_UP_AFTER_MS have passed since the entry was written.
 */
async function markFailed(
  { handlers, clock, log }: DeliveryContext,
  executor: Executor,
  entry: OutboxEntry,
  error: unknown,
) {
  const now = clock();
  const giveUpAt = Date.parse(entry.createdAt) + GIVE_UP_AFTER_MS;
  const delay = RETRY_DELAYS_MS[Math.min(entry.attempts, RETRY_DELAYS_MS.length) - 1]!;
  const givenUp = error instanceof PermanentFailure || now >= giveUpAt;
  const message = errorText(error);
  await handlers[entry.kind]?.failed?.(entry, error, executor, givenUp);
  await executor
    .updateTable('notificationOutbox')
    .set({
      attempts: entry.attempts,
      lastError: message,
      ...(givenUp
        ? { status: 'failed', finishedAt: new Date(now).toISOString() }
        : { nextAttemptAt: new Date(Math.min(now + delay, giveUpAt)).toISOString() }),
    })
    .where('id', '=', entry.id)
    .execute();
  log.warn(
    { outboxId: entry.id, kind: entry.kind, attempts: entry.attempts, givenUp, err: error },
    givenUp ? 'notification given up' : 'notification failed; it will be tried again',
  );
}

/**
 * Runs the entry's handler in the transaction `trx` and records the outcome there; a failure undoes the
 * handler's own writes only.
 */
async function handle(context: DeliveryContext, trx: Executor, row: OutboxRow) {
  const entry = toEntry(row);
  const handler = context.handlers[entry.kind];
  await sql`savepoint outbox_handler`.execute(trx);
  try {
    if (!handler) throw new PermanentFailure(`No handler for ${entry.kind}`);
    await handler.run(entry, trx);
    await sql`release outbox_handler`.execute(trx);
  } catch (error) {
    await sql`rollback to outbox_handler`.execute(trx);
    await sql`release outbox_handler`.execute(trx);
    await markFailed(context, trx, entry, error);
    return;
  }
  await markAllDone(context, trx, [entry.id]);
}

/**
 * Records a send's outcome: SQLite through the group commit; PostgreSQL in a transaction that first checks
 * that the lease is still this instance's (an instance whose send outlived its lease leaves the entry to the
 * one that took it over).
 */
async function recordOutcome(
  context: DeliveryContext,
  entry: OutboxEntry,
  lease: string | undefined,
  outcome: Outcome,
) {
  const { db, dialect, groupCommit } = context.database;
  const record = (trx: Executor) =>
    outcome.ok ? markAllDone(context, trx, [entry.id]) : markFailed(context, trx, entry, outcome.error);
  if (dialect !== 'postgres') {
    await groupCommit(record);
    return;
  }
  await db.transaction().execute(async (trx) => {
    const held = await trx
      .selectFrom('notificationOutbox')
      .select('id')
      .where('id', '=', entry.id)
      .where('status', '=', 'pending')
      .where('nextAttemptAt', '=', lease!)
      .forUpdate()
      .executeTakeFirst();
    if (!held) {
      context.log.warn(
        { outboxId: entry.id, kind: entry.kind },
        'a send outlived its lease; its outcome is not kept',
      );
      return;
    }
    await record(trx);
  });
}

/** Sends outside any transaction, counts the outcome against the lane, then records it. */
export async function sendEntry(
  context: DeliveryContext,
  claims: OutboxClaims,
  row: OutboxRow,
  lane: string,
  lease: string | undefined,
) {
  const entry = toEntry(row);
  const ended = claims.startSend(lane);
  const started = performance.now();
  let outcome: Outcome = { ok: true };
  try {
    await context.handlers[entry.kind].run(entry, context.database.db);
  } catch (error) {
    outcome = { ok: false, error };
  }
  ended(outcome.ok, performance.now() - started);
  await recordOutcome(context, entry, lease, outcome);
}

/**
 * SQLite: the entries that only write (fan-outs), in one transaction of the group commit: by kind through
 * `runBatch` with one statement marking them all done; entry by entry when a kind has none or its batch
 * fails.
 */
export async function handleWritesTogether(context: DeliveryContext, rows: OutboxRow[]) {
  const { groupCommit } = context.database;
  const byKind = new Map<OutboxKind, OutboxRow[]>();
  for (const row of rows) {
    const kind = row.kind as OutboxKind;
    byKind.set(kind, [...(byKind.get(kind) ?? []), row]);
  }
  const oneByOne: OutboxRow[] = [];
  await Promise.all(
    [...byKind].map(async ([kind, group]) => {
      const runBatch = context.handlers[kind]?.runBatch;
      if (!runBatch) {
        oneByOne.push(...group);
        return;
      }
      try {
        await groupCommit(async (trx) => {
          await runBatch(group.map(toEntry), trx);
          await markAllDone(
            context,
            trx,
            group.map((row) => row.id),
          );
        });
      } catch {
        oneByOne.push(...group);
      }
    }),
  );
  await Promise.all(oneByOne.map((row) => groupCommit((trx) => handle(context, trx, row))));
}

/**
 * PostgreSQL: each write-only entry in a short transaction that locks its row (`FOR UPDATE SKIP LOCKED`:
 * another instance handling it is passed by) and handles it; a few at once, until `stopped` says to stop.
 */
export async function handleWritesPostgres(
  context: DeliveryContext,
  rows: OutboxRow[],
  stopped: () => boolean,
) {
  const queue = [...rows];
  const worker = async () => {
    for (let row = queue.shift(); row && !stopped(); row = queue.shift()) {
      const { id } = row;
      await context.database.db.transaction().execute(async (trx) => {
        const locked = await claimWrite(trx, id, context.clock);
        if (locked) await handle(context, trx, locked);
      });
    }
  };
  await Promise.all(Array.from({ length: POSTGRES_WRITES_AT_ONCE }, worker));
}
