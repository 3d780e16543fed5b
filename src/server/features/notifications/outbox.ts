import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import { type Selectable, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Executor } from '../../db/repository-support.ts';
import type { DB } from '../../db/schema.ts';
import { newId, nowIso, toIso } from '../../db/values.ts';
import { createPeriodicJob } from '../../jobs/periodic-job.ts';

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
  | 'webhook'
  | 'backup-copy';

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
/** Entries read per look (SQLite handles the write-only ones of it together). */
const BATCH_SIZE = 256;
/**
 * Sends under way at once on this instance, every lane together. They hold no transaction and no pooled
 * connection (decision 050), so more cost only sockets; each lane has its own, smaller share.
 */
const SENDS_IN_FLIGHT = 16;
/** One lane's sends under way at once on this instance: a receiver is not sent more than this at once. */
const LANE_SENDS_IN_FLIGHT = 2;
/**
 * A failed attempt that took this long tells of a receiver that is slow or away (no answer, no connection):
 * its lane pauses, instead of its backlog each waiting out a timeout. A quick failure (an answer 500, a refused
 * connection) costs nobody anything, and pausing on it would let one broken subscription pause a whole push
 * service.
 */
const SLOW_FAILURE_MS = 2_000;
/** How long a lane pauses after a slow failure; then it sends one at a time until one succeeds. */
const LANE_PAUSE_MS = 30_000;
/**
 * PostgreSQL: how long a claimed send keeps its entry from other instances (its `next_attempt_at` is moved this
 * far ahead). Well beyond the longest send (10 s through the egress guard, SMTP's timeouts): an instance that
 * dies mid-send leaves its entry to the others after this.
 */
export const SEND_LEASE_MS = 5 * 60_000;
/** PostgreSQL: write-only entries (fan-outs) handled at once, each in a short transaction holding its row. */
const POSTGRES_WRITES_AT_ONCE = 2;
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
  /** Sends under way at once on this instance, every lane together (SENDS_IN_FLIGHT). */
  sendsInFlight?: number;
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

function toEntry(row: OutboxRow): OutboxEntry {
  return {
    id: row.id,
    kind: row.kind as OutboxKind,
    payload: JSON.parse(row.payload),
    attempts: row.attempts + 1,
    createdAt: toIso(row.createdAt),
  };
}

/** A send's lane; one written without (before migration 0018) is in its kind's. */
function laneOf(row: Pick<OutboxRow, 'lane' | 'kind'>): string {
  return row.lane ?? row.kind;
}

/** A lane as this instance sees it. */
interface LaneState {
  /** Its sends under way. */
  sending: number;
  /** Epoch ms: nothing of it is sent before (0: not paused). */
  pausedUntil: number;
  /** After a pause: one send at a time until one succeeds. */
  probing: boolean;
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
  database: { db, dialect, groupCommit },
  handlers,
  clock = Date.now,
  log,
  pollMs = OUTBOX_POLL_MS,
  sendsInFlight = SENDS_IN_FLIGHT,
}: OutboxOptions): Outbox {
  let stopped = false;
  let draining: Promise<void> | undefined;
  let again = false;
  let nudgeTimer: NodeJS.Timeout | undefined;
  let lastCleanUp = 0;
  /** The lanes with sends under way, paused or probing; the others are open and not kept. */
  const lanes = new Map<string, LaneState>();

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
   * a read that does not wait for locks, so on PostgreSQL an earlier entry another instance is handling still
   * holds the later one back. A send leased by an instance (PostgreSQL) is not due until its lease runs out.
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

  const isSend = (row: OutboxRow) => handlers[row.kind as OutboxKind]?.network === true;

  /** How many more sends `lane` may start now on this instance: none while it is paused or full. */
  const laneRoom = (lane: string, now: number) => {
    const state = lanes.get(lane);
    if (!state) return LANE_SENDS_IN_FLIGHT;
    if (state.pausedUntil > now) return 0;
    return (state.probing ? 1 : LANE_SENDS_IN_FLIGHT) - state.sending;
  };

  /**
   * The entries due now but those of the lanes that can start nothing (so a paused lane's backlog never
   * crowds out the others' entries), and but `underWay` (SQLite: the entries being sent are still due).
   */
  const readDue = async (underWay: ReadonlySet<string>) => {
    const now = clock();
    const closed = [...lanes.keys()].filter((lane) => laneRoom(lane, now) <= 0);
    const rows = await dueQuery(db)
      .$if(closed.length > 0, (query) =>
        query.where((eb) => eb(eb.fn.coalesce('lane', 'kind'), 'not in', closed)),
      )
      .limit(BATCH_SIZE + underWay.size)
      .execute();
    return rows.filter((row) => !underWay.has(row.id)).slice(0, BATCH_SIZE);
  };

  /**
   * PostgreSQL: claims a send for SEND_LEASE_MS; the lease (its new `next_attempt_at`), or undefined when
   * another instance took it first.
   */
  const leaseSend = async (row: OutboxRow) => {
    const leaseMs = handlers[row.kind as OutboxKind]?.leaseMs ?? SEND_LEASE_MS;
    const lease = new Date(clock() + leaseMs).toISOString();
    const claimed = await db
      .updateTable('notificationOutbox')
      .set({ nextAttemptAt: lease })
      .where('id', '=', row.id)
      .where('status', '=', 'pending')
      .where('nextAttemptAt', '<=', nowIso(clock))
      .executeTakeFirst();
    return Number(claimed.numUpdatedRows) === 1 ? lease : undefined;
  };

  /**
   * Records a send's outcome: SQLite through the group commit; PostgreSQL in a transaction that first checks
   * that the lease is still this instance's (an instance whose send outlived its lease leaves the entry to the
   * one that took it over).
   */
  const recordOutcome = async (
    entry: OutboxEntry,
    lease: string | undefined,
    outcome: { ok: true } | { ok: false; error: unknown },
  ) => {
    const record = (trx: Executor) =>
      outcome.ok ? markDone(trx, entry.id) : markFailed(trx, entry, outcome.error);
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
        log.warn(
          { outboxId: entry.id, kind: entry.kind },
          'a send outlived its lease; its outcome is not kept',
        );
        return;
      }
      await record(trx);
    });
  };

  /** Sends outside any transaction, counts the outcome against the lane, then records it. */
  const send = async (row: OutboxRow, lane: string, lease: string | undefined) => {
    const entry = toEntry(row);
    const state = lanes.get(lane) ?? { sending: 0, pausedUntil: 0, probing: false };
    lanes.set(lane, state);
    state.sending += 1;
    const started = performance.now();
    let outcome: { ok: true } | { ok: false; error: unknown } = { ok: true };
    try {
      await handlers[entry.kind].run(entry, db);
    } catch (error) {
      outcome = { ok: false, error };
    }
    state.sending -= 1;
    if (outcome.ok) state.probing = false;
    else if (performance.now() - started >= SLOW_FAILURE_MS) {
      state.pausedUntil = clock() + LANE_PAUSE_MS;
      state.probing = true;
    }
    await recordOutcome(entry, lease, outcome);
  };

  /** Forgets the lanes that are open again: nothing under way, no pause, no probe. */
  const forgetOpenLanes = () => {
    const now = clock();
    for (const [lane, state] of lanes) {
      if (state.sending === 0 && !state.probing && state.pausedUntil <= now) lanes.delete(lane);
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

  /**
   * PostgreSQL: each write-only entry in a short transaction that locks its row (`FOR UPDATE SKIP LOCKED`:
   * another instance handling it is passed by) and handles it; a few at once.
   */
  const handleWritesPostgres = async (rows: OutboxRow[]) => {
    const queue = [...rows];
    const worker = async () => {
      for (let row = queue.shift(); row && !stopped; row = queue.shift()) {
        const { id } = row;
        await db.transaction().execute(async (trx) => {
          const locked = await trx
            .selectFrom('notificationOutbox')
            .selectAll()
            .where('id', '=', id)
            .where('status', '=', 'pending')
            .where('nextAttemptAt', '<=', nowIso(clock))
            .forUpdate()
            .skipLocked()
            .executeTakeFirst();
          if (locked) await handle(trx, locked);
        });
      }
    };
    await Promise.all(Array.from({ length: POSTGRES_WRITES_AT_ONCE }, worker));
  };

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
        forgetOpenLanes();
        const rows = await readDue(new Set(underWay.keys()));
        if (rows.length === 0 && underWay.size === 0) return;
        if (stopped) return;
        const writes = rows.filter((row) => !isSend(row));
        if (
          writes.length > 0 &&
          (dialect === 'postgres' || performance.now() - lastWrites >= BATCH_WAIT_MS)
        ) {
          lastWrites = performance.now();
          await (dialect === 'postgres' ? handleWritesPostgres(writes) : handleWritesTogether(writes));
        }
        for (const row of rows.filter(isSend)) {
          if (stopped || underWay.size >= sendsInFlight) break;
          const lane = laneOf(row);
          if (laneRoom(lane, clock()) <= 0) continue;
          let lease: string | undefined;
          if (dialect === 'postgres') {
            lease = await leaseSend(row);
            if (!lease) continue;
          }
          underWay.set(
            row.id,
            send(row, lane, lease)
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
    start() {
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
