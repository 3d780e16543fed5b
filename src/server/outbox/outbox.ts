import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { Executor } from '../db/repository-support.ts';
import type { DB } from '../db/schema.ts';
import { newId, nowIso, toIso } from '../db/values.ts';
import { createPeriodicJob } from '../jobs/periodic-job.ts';
import { createOutboxClaims, laneOf, type OutboxRow } from './outbox-claims.ts';
import { createOutboxCleanUp } from './outbox-clean-up.ts';
import {
  type DeliveryContext,
  handleWritesPostgres,
  handleWritesTogether,
  sendEntry,
} from './outbox-delivery.ts';

// Claiming, delivering and cleaning up live in outbox-claims.ts, outbox-delivery.ts and outbox-clean-up.ts;
// what handlers and tests use of them is named here too, so the outbox has one module to import from.
export { SEND_LEASE_MS } from './outbox-claims.ts';
export { GIVE_UP_AFTER_MS, PermanentFailure, RETRY_DELAYS_MS } from './outbox-delivery.ts';

/**
 * What the outbox holds: an event to fan out into deliveries (a new inquiry; the other webhook events), or
 * one delivery (an email, a push, a webhook's POST).
 */
const OUTBOX_KINDS = [
  'inquiry.created',
  'inquiry.updated',
  'inquiry.deleted',
  'post.published',
  'member.deleted',
  'email',
  'push',
  'webhook',
  'backup-copy',
] as const;

export type OutboxKind = (typeof OUTBOX_KINDS)[number];

/** An entry's options. */
export interface OutboxEntryOptions {
  /** Entries with one ordering key are handled one after another, in the order written. */
  orderingKey?: string | null;
  /**
   * Where a send goes, e.g. `webhook:<endpoint id>`, `push:<host>`, EMAIL_LANE: each lane has its own sends
   * in flight and its own pause (decision 050). Null for an entry that only writes.
   */
  lane?: string | null;
}

/** The lane of every email: the one mail server of SMTP_URL (decision 050). */
export const EMAIL_LANE = 'email';

/** The lane of backups' copies off the machine: a slow bucket holds up no email, push or webhook (decision 056). */
export const BACKUP_COPY_LANE = 'backup-copy';

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
  /**
   * PostgreSQL: how long a send of this kind keeps its entry from other instances (SEND_LEASE_MS unless
   * given): longer for a send that may outlast it, such as a large backup's upload (decision 056).
   */
  leaseMs?: number;
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

/**
 * The outbox as the feature that owns the kinds `K` sees it: it writes entries of those kinds only, with
 * payloads of type `P`, and says how they are handled. Features take it narrowed (`Pick`) to what they use.
 */
export interface OutboxPort<K extends OutboxKind, P = unknown> {
  /** As Outbox's enqueue: pass the transaction of what caused the entry, so both commit or neither. */
  enqueue(executor: Executor, kind: K, payload: P, options?: OutboxEntryOptions): Promise<void>;
  /** Something was committed: send soon. */
  nudge(): void;
  handle(kind: K, handler: OutboxHandler): void;
}

/** How often each instance looks for due entries without being nudged (another instance's, retries). */
const OUTBOX_POLL_MS = 5_000;
/**
 * A nudge waits this long before looking, and on SQLite a drain pauses this long between batches: entries
 * that arrive meanwhile are handled together, in one transaction, instead of one by one while the form is
 * busy writing (decision 031). Nobody notices a fifth of a second on an email.
 */
const BATCH_WAIT_MS = 200;
/**
 * Sends under way at once on this instance, every lane together. They hold no transaction and no pooled
 * connection (decision 050), so more cost only sockets; each lane has its own, smaller share.
 */
const SENDS_IN_FLIGHT = 16;

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
  /**
   * Gives `kind`'s entries to `handler`: each feature that writes a kind says how it is handled, before the
   * outbox starts. Throws for a kind that has a handler already, or once the outbox has started.
   */
  handle(kind: OutboxKind, handler: OutboxHandler): void;
  /** Looks for due entries every `pollMs` from now on; throws while a kind has no handler. */
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
  /** The handlers known when it is made (tests); features add theirs with `handle`. */
  handlers?: Partial<Record<OutboxKind, OutboxHandler>>;
  clock?: () => number;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  pollMs?: number;
  /** Sends under way at once on this instance, every lane together (SENDS_IN_FLIGHT). */
  sendsInFlight?: number;
}

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
      entries.map(({ kind, payload, orderingKey, lane }) => ({
        id: newId(),
        kind,
        payload: JSON.stringify(payload),
        nextAttemptAt: now,
        createdAt: now,
        orderingKey: orderingKey ?? null,
        lane: lane ?? null,
      })),
    )
    .execute();
}

/**
 * The transactional outbox (decision 031). What must be sent is written in the transaction of what caused it,
 * so a committed inquiry always has its notification and a rolled-back one never does; a worker on every
 * instance sends it afterwards, away from the request, and tries again with backoff when sending fails.
 *
 * Sends go by lane (decision 050): each destination (a webhook endpoint, a push service, the mail server) has
 * at most LANE_SENDS_IN_FLIGHT under way on this instance, and pauses after a slow failure, so a receiver that
 * never answers holds up only its own entries; the entries of a full or paused lane stay pending, unread.
 *
 * Each entry is handled once. A send holds no transaction while it waits for its receiver. On PostgreSQL an
 * instance claims a send by moving its `next_attempt_at` ahead by SEND_LEASE_MS, a lease that other instances
 * pass by, and records the outcome only while the lease is still its own; a write-only entry (a fan-out) is
 * claimed by locking its row (`FOR UPDATE SKIP LOCKED`) in the short transaction that handles it. On SQLite
 * there is one instance (decision 002), which claims in memory. An instance killed after sending and before
 * recording sends that one entry again: after the restart on SQLite, once the lease has run out on
 * PostgreSQL. At least once, never lost.
 */
export function createOutbox({
  database,
  handlers: given = {},
  clock = Date.now,
  log,
  pollMs = OUTBOX_POLL_MS,
  sendsInFlight = SENDS_IN_FLIGHT,
}: OutboxOptions): Outbox {
  const { db, dialect } = database;
  // Filled by `handle` before the outbox starts, which checks that no kind is left without one.
  const handlers = { ...given } as Record<OutboxKind, OutboxHandler>;
  let started = false;
  const delivery: DeliveryContext = { database, handlers, clock, log };
  const claims = createOutboxClaims({ db, handlers, clock });
  const cleanUp = createOutboxCleanUp(db, clock);
  let stopped = false;
  let draining: Promise<void> | undefined;
  let again = false;
  let nudgeTimer: NodeJS.Timeout | undefined;

  const isSend = (row: OutboxRow) => handlers[row.kind as OutboxKind]?.network === true;

  /**
   * One drain, on either database: looks for due entries, handles the write-only ones, and starts the sends
   * their lanes and SENDS_IN_FLIGHT have room for, each outside any transaction; then looks again after a
   * pause (BATCH_WAIT_MS, or sooner when a send ends and its lane has room again), until nothing is due and
   * nothing is under way. On SQLite the write-only entries of a look are handled together, at most once per
   * BATCH_WAIT_MS, so a fan-out joins the contact form's group commit (decision 012) instead of committing on
   * its own each time a send ends.
   */
  const drainEntries = async () => {
    const underWay = new Map<string, Promise<void>>();
    let wake: (() => void) | undefined;
    let lastWrites = Number.NEGATIVE_INFINITY;
    try {
      for (let first = true; !stopped; first = false) {
        if (!first) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(done, BATCH_WAIT_MS);
            function done() {
              clearTimeout(timer);
              wake = undefined;
              resolve();
            }
            wake = done;
          });
        }
        claims.forgetOpenLanes();
        const rows = await claims.readDue(new Set(underWay.keys()));
        if (rows.length === 0 && underWay.size === 0) return;
        if (stopped) return;
        const writes = rows.filter((row) => !isSend(row));
        if (
          writes.length > 0 &&
          (dialect === 'postgres' || performance.now() - lastWrites >= BATCH_WAIT_MS)
        ) {
          lastWrites = performance.now();
          await (dialect === 'postgres'
            ? handleWritesPostgres(delivery, writes, () => stopped)
            : handleWritesTogether(delivery, writes));
        }
        for (const row of rows.filter(isSend)) {
          if (stopped || underWay.size >= sendsInFlight) break;
          const lane = laneOf(row);
          if (claims.laneRoom(lane, clock()) <= 0) continue;
          let lease: string | undefined;
          if (dialect === 'postgres') {
            lease = await claims.leaseSend(row);
            if (!lease) continue;
          }
          underWay.set(
            row.id,
            sendEntry(delivery, claims, row, lane, lease)
              .catch((error: unknown) =>
                log.error({ err: error, outboxId: row.id }, 'an outcome could not be recorded'),
              )
              .finally(() => {
                underWay.delete(row.id);
                wake?.();
              }),
          );
        }
      }
    } finally {
      await Promise.all(underWay.values());
    }
  };

  const drainOnce = async () => {
    try {
      await drainEntries();
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

  // Another instance's entries and retries come due without a nudge here: a drain every pollMs finds them.
  const polling = createPeriodicJob({
    name: 'notification outbox',
    run: drain,
    nextDelayMs: () => pollMs,
    clock,
    log,
  });

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
    handle(kind, handler) {
      if (started) throw new Error(`The outbox has started: ${kind} can no longer be given a handler`);
      if (handlers[kind]) throw new Error(`The outbox kind ${kind} has a handler already`);
      handlers[kind] = handler;
    },
    start() {
      const unhandled = OUTBOX_KINDS.filter((kind) => !handlers[kind]);
      if (unhandled.length > 0) throw new Error(`No outbox handler for ${unhandled.join(', ')}`);
      started = true;
      stopped = false;
      // Not awaited: starting the app does not wait for the first drain.
      void polling.start();
    },
    async stop() {
      stopped = true;
      clearTimeout(nudgeTimer);
      nudgeTimer = undefined;
      await polling.stop();
      await draining;
    },
    failures: (limit = 20, kinds) => listFailures(db, limit, kinds),
    waiting: (kinds) => countWaiting(db, kinds),
  };
}

/** The entries given up, newest first; only of `kinds` when given. */
async function listFailures(
  db: Kysely<DB>,
  limit: number,
  kinds: readonly OutboxKind[] | undefined,
): Promise<OutboxFailure[]> {
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
}

/** How many entries wait to be sent (or tried again); only of `kinds` when given. */
async function countWaiting(db: Kysely<DB>, kinds: readonly OutboxKind[] | undefined): Promise<number> {
  const row = await db
    .selectFrom('notificationOutbox')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('status', '=', 'pending')
    .$if(kinds !== undefined, (query) => query.where('kind', 'in', kinds!))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
