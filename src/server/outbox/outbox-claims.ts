import { type Kysely, type Selectable, sql } from 'kysely';
import type { Executor } from '../db/repository-support.ts';
import type { DB } from '../db/schema.ts';
import { nowIso } from '../db/values.ts';
import type { OutboxHandler, OutboxKind } from './outbox.ts';

/*
 * Which entries the outbox's worker takes, and how it keeps other instances off them: the due entries but
 * those of lanes that can start nothing (decision 050), a lease on a send (PostgreSQL), a row lock on a
 * write-only entry (PostgreSQL), and the lanes' sends in flight and pauses on this instance.
 */

export type OutboxRow = Selectable<DB['notificationOutbox']>;

/** Entries read per look (SQLite handles the write-only ones of it together). */
const BATCH_SIZE = 256;
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

/** A send's lane; one written without (before migration 0018) is in its kind's. */
export function laneOf(row: Pick<OutboxRow, 'lane' | 'kind'>): string {
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

/**
 * The entries due now. One whose ordering key an earlier pending entry shares waits for it (decision 042):
 * a read that does not wait for locks, so on PostgreSQL an earlier entry another instance is handling still
 * holds the later one back. A send leased by an instance (PostgreSQL) is not due until its lease runs out.
 */
const dueQuery = (executor: Executor, clock: () => number) =>
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

/**
 * PostgreSQL: locks a write-only entry (a fan-out) in `trx` if it is still pending and due, passing it by
 * when another instance holds it (`FOR UPDATE SKIP LOCKED`); the row, or undefined.
 */
export function claimWrite(trx: Executor, id: string, clock: () => number) {
  return trx
    .selectFrom('notificationOutbox')
    .selectAll()
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('nextAttemptAt', '<=', nowIso(clock))
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
}

/** The claims of one outbox: its lanes live in this instance's memory. */
export function createOutboxClaims({
  db,
  handlers,
  clock,
}: {
  db: Kysely<DB>;
  handlers: Record<OutboxKind, OutboxHandler>;
  clock: () => number;
}) {
  /** The lanes with sends under way, paused or probing; the others are open and not kept. */
  const lanes = new Map<string, LaneState>();

  /** How many more sends `lane` may start now on this instance: none while it is paused or full. */
  const laneRoom = (lane: string, now: number) => {
    const state = lanes.get(lane);
    if (!state) return LANE_SENDS_IN_FLIGHT;
    if (state.pausedUntil > now) return 0;
    return (state.probing ? 1 : LANE_SENDS_IN_FLIGHT) - state.sending;
  };

  return {
    laneRoom,

    /**
     * The entries due now but those of the lanes that can start nothing (so a paused lane's backlog never
     * crowds out the others' entries), and but `underWay` (SQLite: the entries being sent are still due).
     */
    async readDue(underWay: ReadonlySet<string>) {
      const now = clock();
      const closed = [...lanes.keys()].filter((lane) => laneRoom(lane, now) <= 0);
      const rows = await dueQuery(db, clock)
        .$if(closed.length > 0, (query) =>
          query.where((eb) => eb(eb.fn.coalesce('lane', 'kind'), 'not in', closed)),
        )
        .limit(BATCH_SIZE + underWay.size)
        .execute();
      return rows.filter((row) => !underWay.has(row.id)).slice(0, BATCH_SIZE);
    },

    /**
     * PostgreSQL: claims a send for SEND_LEASE_MS; the lease (its new `next_attempt_at`), or undefined when
     * another instance took it first.
     */
    async leaseSend(row: OutboxRow) {
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
    },

    /**
     * Counts a send under way in its lane; the function returned counts it ended, with whether it succeeded
     * and how long it took: a slow failure pauses the lane, a success ends its probing.
     */
    startSend(lane: string): (ok: boolean, tookMs: number) => void {
      const state = lanes.get(lane) ?? { sending: 0, pausedUntil: 0, probing: false };
      lanes.set(lane, state);
      state.sending += 1;
      return (ok, tookMs) => {
        state.sending -= 1;
        if (ok) state.probing = false;
        else if (tookMs >= SLOW_FAILURE_MS) {
          state.pausedUntil = clock() + LANE_PAUSE_MS;
          state.probing = true;
        }
      };
    },

    /** Forgets the lanes that are open again: nothing under way, no pause, no probe. */
    forgetOpenLanes() {
      const now = clock();
      for (const [lane, state] of lanes) {
        if (state.sending === 0 && !state.probing && state.pausedUntil <= now) lanes.delete(lane);
      }
    },
  };
}

export type OutboxClaims = ReturnType<typeof createOutboxClaims>;
