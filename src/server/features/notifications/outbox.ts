import type { FastifyBaseLogger } from 'fastify';
import { type Selectable, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Executor } from '../../db/repository-support.ts';
import type { DB } from '../../db/schema.ts';
import { newId, nowIso, toIso } from '../../db/values.ts';

/**
 * What the outbox holds: an event to fan out into deliveries (a new inquiry; the other webhook events), or
 * one delivery (an email, a push, a webhook's POST).
 */
export type OutboxKind =
  | 'inquiry.created'
  | 'inquiry.updated'
  | 'inquiry.deleted'
  | 'post.published'
  | 'member.deleted'
  | 'email'
  | 'push'
  | 'webhook';

/** An entry's options: entries with one ordering key are handled one after another, in the order written. */
export interface OutboxEntryOptions {
  orderingKey?: string | null;
}

/** One entry as a handler sees it. */
export interface OutboxEntry {
  id: string;
  kind: OutboxKind;
  /** Parsed from JSON; each handler checks the shape it wrote. */
  payload: unknown;
  /** Attempts so far, this one included. */
  attempts: number;
  createdAt: string;
}

export interface OutboxHandler {
  /**
   * True for a handler that sends over the network (email, push): on SQLite it runs outside any transaction,
   * which would hold the database's one writer while it waits. False for one that only writes to the
   * database (a fan-out): it runs in the transaction that marks the entry done, so both happen or neither.
   */
  network: boolean;
  /** Does the entry's work, writing with `executor` only; throws to have it tried again later. */
  run(entry: OutboxEntry, executor: Executor): Promise<void>;
  /**
   * For a handler that only writes: does the work of many entries at once, in one transaction (SQLite's
   * worker uses it: a few statements for a batch instead of a few for each entry). When it throws, each
   * entry is handled on its own with `run`.
   */
  runBatch?(entries: OutboxEntry[], executor: Executor): Promise<void>;
  /**
   * Records a failed attempt with `executor`, in the transaction that marks the entry failed or due again
   * (the attempt's own writes are undone by then): a webhook's delivery log keeps every attempt's outcome.
   * `givenUp` tells whether the entry will be tried again.
   */
  failed?(entry: OutboxEntry, error: unknown, executor: Executor, givenUp: boolean): Promise<void>;
}

/** Thrown by a handler when trying again cannot help (an address refused for good): given up at once. */
export class PermanentFailure extends Error {}

/** The waits between attempts: about 1 min, 5 min, 30 min, then every 2 h (decision 031). */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000] as const;
/** An entry still failing this long after it was written is given up, with its last error kept. */
export const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;
/** How often each instance looks for due entries without being nudged (another instance's, retries). */
const OUTBOX_POLL_MS = 5_000;
/**
 * A nudge waits this long before looking, and on SQLite a drain pauses this long between batches: entries
 * that arrive meanwhile are handled together, in one transaction, instead of one by one while the form is
 * busy writing (decision 031). Nobody notices a fifth of a second on an email.
 */
const BATCH_WAIT_MS = 200;
/** SQLite: entries read and handled per batch. */
const SQLITE_BATCH_SIZE = 256;
/** Done entries are kept this long (Settings shows what failed), then deleted. */
const KEEP_SENT_MS = 7 * 24 * 60 * 60_000;
const KEEP_FAILED_MS = 30 * 24 * 60 * 60_000;
const CLEAN_UP_EVERY_MS = 60 * 60_000;
/** The longest error text kept: enough for an SMTP server's answer. */
const MAX_ERROR_LENGTH = 500;

/** A given-up entry, as Settings lists it. */
export interface OutboxFailure {
  id: string;
  kind: OutboxKind;
  payload: unknown;
  attempts: number;
  lastError: string;
  createdAt: string;
  failedAt: string;
}

export interface Outbox {
  /**
   * Writes an entry with `executor`: pass the transaction of what caused it, so both commit or neither. An
   * entry with an ordering key is not due while an earlier one (a smaller id) with the same key is pending.
   */
  enqueue(
    executor: Executor,
    kind: OutboxKind,
    payload: unknown,
    options?: OutboxEntryOptions,
  ): Promise<void>;
  /** Something was committed: look for due entries soon (coalesced; never throws). */
  nudge(): void;
  /** Handles every entry due now, and those that become due meanwhile; resolves when none is left. */
  drain(): Promise<void>;
  /** Looks for due entries every `pollMs` from now on. */
  start(): void;
  /** Stops looking; resolves when the entries under way are done. */
  stop(): Promise<void>;
  /** The entries given up, newest first; only of `kinds` when given. */
  failures(limit?: number, kinds?: readonly OutboxKind[]): Promise<OutboxFailure[]>;
  /** How many entries wait to be sent (or tried again); only of `kinds` when given. */
  waiting(kinds?: readonly OutboxKind[]): Promise<number>;
}

export interface OutboxOptions {
  database: Pick<Database, 'db' | 'dialect' | 'groupCommit'>;
  handlers: Record<OutboxKind, OutboxHandler>;
  clock?: () => number;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  pollMs?: number;
  /** Entries handled at once by this instance. */
  concurrency?: number;
}

type OutboxRow = Selectable<DB['notificationOutbox']>;

/** Writes entries due at once with `executor`: the transaction of what caused them, so both commit or neither. */
export async function writeOutboxEntries(
  executor: Executor,
  entries: ({ kind: OutboxKind; payload: unknown } & OutboxEntryOptions)[],
  now: string,
): Promise<void> {
  if (entries.length === 0) return;
  await executor
    .insertInto('notificationOutbox')
    .values(
      entries.map(({ kind, payload, orderingKey }) => ({
        id: newId(),
        kind,
        payload: JSON.stringify(payload),
        nextAttemptAt: now,
        createdAt: now,
        orderingKey: orderingKey ?? null,
      })),
    )
    .execute();
}

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

/**
 * The transactional outbox (decision 031). What must be sent is written in the transaction of what caused it,
 * so a committed inquiry always has its notification and a rolled-back one never does; a worker on every
 * instance sends it afterwards, away from the request, and tries again with backoff when sending fails.
 *
 * Each entry is handled once. On PostgreSQL an instance claims an entry by locking its row
 * (`FOR UPDATE SKIP LOCKED`) in a transaction it holds until the entry is marked done: other instances pass
 * it by, and if the instance dies the lock goes with its connection and the entry is due again at once. On
 * SQLite there is one instance (decision 002), which claims in memory. An instance killed after sending and
 * before marking sends that one entry again after restart: at least once, never lost.
 */
export function createOutbox({
  database: { db, dialect, groupCommit },
  handlers,
  clock = Date.now,
  log,
  pollMs = OUTBOX_POLL_MS,
  concurrency = 2,
}: OutboxOptions): Outbox {
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let stopped = false;
  let draining: Promise<void> | undefined;
  let again = false;
  let nudgeTimer: NodeJS.Timeout | undefined;
  let lastCleanUp = 0;

  /** The entry's outcome, written with `executor` (the claiming transaction on PostgreSQL). */
  const markAllDone = async (executor: Executor, ids: string[]) => {
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
  };

  const markDone = (executor: Executor, id: string) => markAllDone(executor, [id]);

  const markFailed = async (executor: Executor, entry: OutboxEntry, error: unknown) => {
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
  };

  /**
   * Runs the entry's handler in the transaction `trx` and records the outcome there; a failure undoes the
   * handler's own writes only.
   */
  const handle = async (trx: Executor, row: OutboxRow) => {
    const entry = toEntry(row);
    const handler = handlers[entry.kind];
    await sql`savepoint outbox_handler`.execute(trx);
    try {
      if (!handler) throw new PermanentFailure(`No handler for ${entry.kind}`);
      await handler.run(entry, trx);
      await sql`release outbox_handler`.execute(trx);
    } catch (error) {
      await sql`rollback to outbox_handler`.execute(trx);
      await sql`release outbox_handler`.execute(trx);
      await markFailed(trx, entry, error);
      return;
    }
    await markDone(trx, entry.id);
  };

  /**
   * The entries due now. One whose ordering key an earlier pending entry shares waits for it (decision 042):
   * a read that does not wait for locks, so on PostgreSQL an earlier entry another instance is sending (and
   * holds locked) still holds the later one back.
   */
  const dueQuery = (executor: Executor) =>
    executor
      .selectFrom('notificationOutbox')
      .selectAll()
      .where('status', '=', 'pending')
      .where('nextAttemptAt', '<=', nowIso(clock))
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('notificationOutbox as earlier')
              .select(sql.lit(1).as('one'))
              .whereRef('earlier.orderingKey', '=', 'notificationOutbox.orderingKey')
              .where('earlier.status', '=', 'pending')
              .whereRef('earlier.id', '<', 'notificationOutbox.id'),
          ),
        ),
      )
      .orderBy('nextAttemptAt')
      .orderBy('id');

  /** PostgreSQL: claims one due entry by locking it and handles it; false when none was free. */
  const handleOnePostgres = () =>
    db.transaction().execute(async (trx) => {
      const row = await dueQuery(trx).limit(1).forUpdate().skipLocked().executeTakeFirst();
      if (!row) return false;
      await handle(trx, row);
      return true;
    });

  const drainPostgres = async () => {
    const slot = async () => {
      while (!stopped && (await handleOnePostgres()));
    };
    await Promise.all(Array.from({ length: concurrency }, slot));
  };

  /**
   * SQLite: one instance, one drain at a time, so the rows it reads are its own. Every write goes through the
   * group commit, with the contact form's: each transaction syncs the disk (decision 012), and a worker
   * committing on its own, entry by entry, would take the writer and the disk from the form.
   */
  const drainSqlite = async () => {
    for (let first = true; ; first = false) {
      if (!first) await new Promise((resolve) => setTimeout(resolve, BATCH_WAIT_MS));
      const rows = await dueQuery(db).limit(SQLITE_BATCH_SIZE).execute();
      if (rows.length === 0 || stopped) return;
      const isSend = (row: OutboxRow) => handlers[row.kind as OutboxKind]?.network === true;
      await handleWritesTogether(rows.filter((row) => !isSend(row)));
      const sends = rows.filter(isSend);
      let next = 0;
      const slot = async () => {
        while (!stopped && next < sends.length) await send(sends[next++]!);
      };
      await Promise.all(Array.from({ length: concurrency }, slot));
    }
  };

  /**
   * SQLite: the entries that only write (fan-outs), in one transaction of the group commit: by kind through
   * `runBatch` with one statement marking them all done; entry by entry when a kind has none or its batch
   * fails.
   */
  const handleWritesTogether = async (rows: OutboxRow[]) => {
    const byKind = new Map<OutboxKind, OutboxRow[]>();
    for (const row of rows) {
      const kind = row.kind as OutboxKind;
      byKind.set(kind, [...(byKind.get(kind) ?? []), row]);
    }
    const oneByOne: OutboxRow[] = [];
    await Promise.all(
      [...byKind].map(async ([kind, group]) => {
        const runBatch = handlers[kind]?.runBatch;
        if (!runBatch) {
          oneByOne.push(...group);
          return;
        }
        try {
          await groupCommit(async (trx) => {
            await runBatch(group.map(toEntry), trx);
            await markAllDone(
              trx,
              group.map((row) => row.id),
            );
          });
        } catch {
          oneByOne.push(...group);
        }
      }),
    );
    await Promise.all(oneByOne.map((row) => groupCommit((trx) => handle(trx, row))));
  };

  /** SQLite: sends outside any transaction, then records the outcome through the group commit. */
  const send = async (row: OutboxRow) => {
    const entry = toEntry(row);
    let outcome: { ok: true } | { ok: false; error: unknown } = { ok: true };
    try {
      await handlers[entry.kind].run(entry, db);
    } catch (error) {
      outcome = { ok: false, error };
    }
    await groupCommit((trx) =>
      outcome.ok ? markDone(trx, entry.id) : markFailed(trx, entry, outcome.error),
    );
  };

  const cleanUp = async () => {
    const now = clock();
    if (now - lastCleanUp < CLEAN_UP_EVERY_MS) return;
    lastCleanUp = now;
    await db
      .deleteFrom('notificationOutbox')
      .where((eb) =>
        eb.or([
          eb.and([
            eb('status', '=', 'sent'),
            eb('finishedAt', '<', new Date(now - KEEP_SENT_MS).toISOString()),
          ]),
          eb.and([
            eb('status', '=', 'failed'),
            eb('finishedAt', '<', new Date(now - KEEP_FAILED_MS).toISOString()),
          ]),
        ]),
      )
      .execute();
  };

  const drainOnce = async () => {
    try {
      await (dialect === 'postgres' ? drainPostgres() : drainSqlite());
      await cleanUp();
    } catch (error) {
      // The database is away or the outbox could not be read: the next poll tries again.
      log.error({ err: error }, 'the notification outbox could not be processed');
    }
  };

  const drain = (): Promise<void> => {
    if (draining) {
      again = true;
      return draining;
    }
    draining = (async () => {
      do {
        again = false;
        await drainOnce();
      } while (again && !stopped);
    })().finally(() => {
      draining = undefined;
    });
    return draining;
  };

  const poll = () => {
    if (!running) return;
    timer = setTimeout(() => {
      void drain().finally(poll);
    }, pollMs);
    timer.unref();
  };

  return {
    enqueue: (executor, kind, payload, options = {}) =>
      writeOutboxEntries(executor, [{ kind, payload, ...options }], nowIso(clock)),
    nudge() {
      if (nudgeTimer || stopped) return;
      nudgeTimer = setTimeout(() => {
        nudgeTimer = undefined;
        void drain();
      }, BATCH_WAIT_MS);
    },
    drain,
    start() {
      if (running) return;
      running = true;
      stopped = false;
      void drain().finally(poll);
    },
    async stop() {
      running = false;
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      clearTimeout(nudgeTimer);
      nudgeTimer = undefined;
      await draining;
    },
    async failures(limit = 20, kinds) {
      const rows = await db
        .selectFrom('notificationOutbox')
        .selectAll()
        .where('status', '=', 'failed')
        .$if(kinds !== undefined, (query) => query.where('kind', 'in', kinds!))
        .orderBy('finishedAt', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        kind: row.kind as OutboxKind,
        payload: JSON.parse(row.payload),
        attempts: row.attempts,
        lastError: row.lastError ?? '',
        createdAt: toIso(row.createdAt),
        failedAt: toIso(row.finishedAt ?? row.createdAt),
      }));
    },
    async waiting(kinds) {
      const row = await db
        .selectFrom('notificationOutbox')
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .where('status', '=', 'pending')
        .$if(kinds !== undefined, (query) => query.where('kind', 'in', kinds!))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
  };
}
