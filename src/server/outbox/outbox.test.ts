import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { MINUTE_MS } from '../../shared/time.ts';
import { type Database, migrateToLatest } from '../db/database.ts';
import { newId, toIso } from '../db/values.ts';
import {
  createTestClock,
  openTestDatabase,
  TEST_DIALECTS,
  type TestClock,
} from '../test-support/test-app.ts';
import {
  createOutbox,
  GIVE_UP_AFTER_MS,
  type Outbox,
  type OutboxEntry,
  type OutboxHandler,
  type OutboxKind,
  PermanentFailure,
  RETRY_DELAYS_MS,
  SEND_LEASE_MS,
} from './outbox.ts';

const quietLog = { warn: () => {}, error: () => {} };

/** What a handler did: the entries it was given, in order, by the instance that handled them. */
interface Handled {
  entry: OutboxEntry;
  by: string;
}

/**
 * A handler that notes each entry it handles in `handled` and then does `then` (throw to fail). It reads the
 * database first, as a real sender waits for I/O, so that two instances interleave.
 */
function notingHandler(
  database: Database,
  handled: Handled[],
  by: string,
  then: (entry: OutboxEntry) => void = () => {},
): OutboxHandler {
  return {
    network: true,
    async run(entry) {
      await sql`select 1`.execute(database.db);
      handled.push({ entry, by });
      then(entry);
    },
  };
}

function outboxFor(
  database: Database,
  clock: TestClock,
  handler: OutboxHandler,
  extra: Partial<Record<OutboxKind, OutboxHandler>> = {},
): Outbox {
  return createOutbox({
    database,
    clock,
    log: quietLog,
    handlers: {
      'inquiry.created': handler,
      'inquiry.updated': handler,
      'inquiry.deleted': handler,
      'post.published': handler,
      'member.deleted': handler,
      email: handler,
      push: handler,
      webhook: handler,
      'backup-copy': handler,
      ...extra,
    },
  });
}

async function outboxRows(database: Database) {
  return database.db
    .selectFrom('notificationOutbox')
    .selectAll()
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}

describe.each(TEST_DIALECTS)('notification outbox (%s)', (dialect) => {
  const cleanUps: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanUp of cleanUps.splice(0).reverse()) await cleanUp();
  });
  const open = async () => {
    const opened = await openTestDatabase(dialect);
    cleanUps.push(opened.dispose);
    await migrateToLatest(opened.database);
    return opened;
  };
  /** A migrated database and one outbox instance whose handler notes each entry and then does `then`. */
  const openOutbox = async (then?: (entry: OutboxEntry) => void, clock: TestClock = createTestClock()) => {
    const { database } = await open();
    const handled: Handled[] = [];
    const outbox = outboxFor(database, clock, notingHandler(database, handled, 'one', then));
    return { database, clock, handled, outbox };
  };

  it('takes one handler per kind, before it starts, and refuses to start while a kind has none', async () => {
    const { database } = await open();
    const handler = notingHandler(database, [], 'one');
    const outbox = createOutbox({ database, log: quietLog, handlers: { email: handler } });
    expect(() => outbox.handle('email', handler)).toThrow('The outbox kind email has a handler already');
    expect(() => outbox.start()).toThrow(/^No outbox handler for inquiry\.created, .*backup-copy$/);
    const complete = outboxFor(database, createTestClock(), handler);
    complete.start();
    expect(() => complete.handle('push', handler)).toThrow('The outbox has started');
    await complete.stop();
  });

  it('handles an entry only when the transaction that wrote it commits', async () => {
    const { database, handled, outbox } = await openOutbox();

    await database.db
      .transaction()
      .execute(async (trx) => {
        await outbox.enqueue(trx, 'email', { note: 'rolled back' });
        throw new Error('the inquiry could not be saved');
      })
      .catch(() => undefined);
    await database.db.transaction().execute((trx) => outbox.enqueue(trx, 'email', { note: 'committed' }));
    await outbox.drain();
    await outbox.drain();

    expect(handled.map(({ entry }) => entry.payload)).toEqual([{ note: 'committed' }]);
    const [row] = await outboxRows(database);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(await outbox.waiting()).toBe(0);
  });

  it('tries a failing delivery again after about 1, 5 and 30 minutes, then every 2 hours, and gives up after 24 hours', async () => {
    const { database, clock, handled, outbox } = await openOutbox(
      ({ attempts }) => {
        throw new Error(`421 Service not available (attempt ${attempts})`);
      },
      createTestClock(Date.parse('2026-11-25T08:00:00.000Z')),
    );
    await outbox.enqueue(database.db, 'email', { to: 'owner' });
    const written = clock();

    await outbox.drain();
    expect(handled).toHaveLength(1);
    // Not due again before its wait is over, however often the worker looks.
    clock.advance(RETRY_DELAYS_MS[0] - 1);
    await outbox.drain();
    expect(handled).toHaveLength(1);

    const waits: number[] = [];
    let previous = written;
    while ((await outboxRows(database))[0]!.status === 'pending') {
      const [row] = await outboxRows(database);
      const due = Date.parse(toIso(row!.nextAttemptAt));
      waits.push(due - previous);
      previous = due;
      clock.advance(due - clock());
      await outbox.drain();
    }
    expect(waits.slice(0, 5)).toEqual([1, 5, 30, 120, 120].map((minutes) => minutes * MINUTE_MS));
    // The last try is at the 24-hour mark, and the entry is then given up with the error it last met.
    expect(previous - written).toBe(GIVE_UP_AFTER_MS);
    const [row] = await outboxRows(database);
    expect(row).toMatchObject({ status: 'failed', attempts: handled.length });
    // At 0, 1, 6 and 36 minutes, every 2 hours from then on until 22 h 36 min, and at 24 h: 16 attempts.
    expect(handled).toHaveLength(16);
    const failures = await outbox.failures();
    expect(failures).toEqual([
      expect.objectContaining({
        kind: 'email',
        payload: { to: 'owner' },
        attempts: handled.length,
        lastError: `421 Service not available (attempt ${handled.length})`,
      }),
    ]);
    expect(await outbox.waiting()).toBe(0);
  });

  it('gives up at once on a permanent failure, and keeps going with the next entry', async () => {
    const { database, handled, outbox } = await openOutbox(({ payload }) => {
      if ((payload as { to: string }).to === 'nobody') throw new PermanentFailure('550 No such user here');
    });
    await outbox.enqueue(database.db, 'email', { to: 'nobody' });
    await outbox.enqueue(database.db, 'email', { to: 'owner' });
    await outbox.drain();

    expect(handled.map(({ entry }) => (entry.payload as { to: string }).to).sort()).toEqual([
      'nobody',
      'owner',
    ]);
    expect((await outbox.failures()).map(({ lastError }) => lastError)).toEqual(['550 No such user here']);
    expect((await outboxRows(database)).map(({ status }) => status).sort()).toEqual(['failed', 'sent']);
  });

  it('holds an entry back while an earlier one with its ordering key is pending, and handles it right after', async () => {
    let firstFails = true;
    const { database, clock, handled, outbox } = await openOutbox(({ payload }) => {
      if ((payload as { step: string }).step === 'created' && firstFails)
        throw new Error('503 from the receiver');
    });
    await outbox.enqueue(database.db, 'webhook', { step: 'created' }, { orderingKey: 'inquiry:a' });
    await outbox.enqueue(database.db, 'webhook', { step: 'updated' }, { orderingKey: 'inquiry:a' });
    await outbox.enqueue(database.db, 'webhook', { step: 'other inquiry' }, { orderingKey: 'inquiry:b' });
    await outbox.enqueue(database.db, 'webhook', { step: 'no order' });
    const steps = () => handled.map(({ entry }) => (entry.payload as { step: string }).step);

    await outbox.drain();
    expect(steps().sort()).toEqual(['created', 'no order', 'other inquiry']);
    // However often the worker looks, and after the failed one is due again while it still fails.
    await outbox.drain();
    clock.advance(RETRY_DELAYS_MS[0]);
    await outbox.drain();
    expect(steps().filter((step) => step === 'updated')).toEqual([]);
    expect(steps().filter((step) => step === 'created')).toHaveLength(2);

    firstFails = false;
    clock.advance(RETRY_DELAYS_MS[1]);
    await outbox.drain();
    expect(steps().slice(-2)).toEqual(['created', 'updated']);
    expect(await outbox.waiting()).toBe(0);
  });

  it('lets an entry go once the earlier one with its ordering key is given up', async () => {
    const { database, handled, outbox } = await openOutbox(({ payload }) => {
      if ((payload as { step: string }).step === 'first') throw new PermanentFailure('410 Gone');
    });
    await outbox.enqueue(database.db, 'webhook', { step: 'first' }, { orderingKey: 'k' });
    await outbox.enqueue(database.db, 'webhook', { step: 'second' }, { orderingKey: 'k' });
    await outbox.drain();
    expect(handled.map(({ entry }) => (entry.payload as { step: string }).step)).toEqual(['first', 'second']);
  });

  it('undoes what a fan-out wrote when it fails, and keeps it with the entry when it succeeds', async () => {
    const { database } = await open();
    const clock = createTestClock();
    let fail = true;
    const fanOut: OutboxHandler = {
      network: false,
      async run(entry, executor) {
        await executor
          .insertInto('notificationOutbox')
          .values({
            id: newId(),
            kind: 'email',
            payload: JSON.stringify({ from: entry.id }),
            nextAttemptAt: new Date(clock() + 60 * MINUTE_MS).toISOString(),
            createdAt: new Date(clock()).toISOString(),
          })
          .execute();
        if (fail) throw new Error('the recipients could not be read');
      },
    };
    const outbox = outboxFor(database, clock, notingHandler(database, [], 'one'), {
      'inquiry.created': fanOut,
    });
    await outbox.enqueue(database.db, 'inquiry.created', { inquiryId: 'a' });

    await outbox.drain();
    expect((await outboxRows(database)).map(({ kind, status }) => [kind, status])).toEqual([
      ['inquiry.created', 'pending'],
    ]);

    fail = false;
    clock.advance(RETRY_DELAYS_MS[0]);
    await outbox.drain();
    expect((await outboxRows(database)).map(({ kind, status }) => [kind, status]).sort()).toEqual([
      ['email', 'pending'],
      ['inquiry.created', 'sent'],
    ]);
  });

  it('handles a batch of write-only entries together, and one by one when the batch fails', async () => {
    const { database } = await open();
    const clock = createTestClock();
    const batches: string[][] = [];
    const singles: string[] = [];
    let batchFails = false;
    const fanOut: OutboxHandler = {
      network: false,
      async run(entry) {
        if ((entry.payload as { inquiryId: string }).inquiryId === 'broken') throw new Error('unreadable');
        singles.push((entry.payload as { inquiryId: string }).inquiryId);
      },
      async runBatch(entries) {
        if (batchFails) throw new Error('one entry spoils the batch');
        batches.push(entries.map(({ payload }) => (payload as { inquiryId: string }).inquiryId));
      },
    };
    const outbox = outboxFor(database, clock, notingHandler(database, [], 'one'), {
      'inquiry.created': fanOut,
    });
    for (const inquiryId of ['a', 'b', 'c'])
      await outbox.enqueue(database.db, 'inquiry.created', { inquiryId });
    await outbox.drain();
    // PostgreSQL claims entry by entry (each instance takes what it locks); SQLite's one worker batches.
    if (dialect === 'sqlite') expect(batches).toEqual([['a', 'b', 'c']]);
    else expect([...singles].sort()).toEqual(['a', 'b', 'c']);

    batchFails = true;
    singles.length = 0;
    for (const inquiryId of ['d', 'broken', 'e'])
      await outbox.enqueue(database.db, 'inquiry.created', { inquiryId });
    await outbox.drain();
    expect([...singles].sort()).toEqual(['d', 'e']);
    const rows = await outboxRows(database);
    expect(rows.filter(({ status }) => status === 'sent')).toHaveLength(5);
    expect(rows.filter(({ status }) => status === 'pending').map(({ lastError }) => lastError)).toEqual([
      'unreadable',
    ]);
  });

  if (dialect === 'postgres')
    it('hands each of 200 entries to exactly one of two instances on one database', async () => {
      const { database, reopen } = await open();
      const second = await reopen();
      cleanUps.push(() => second.close());
      const clock = createTestClock();
      const handled: Handled[] = [];
      const instances = [
        outboxFor(database, clock, notingHandler(database, handled, 'first')),
        outboxFor(second, clock, notingHandler(second, handled, 'second')),
      ];
      const ids = Array.from({ length: 200 }, (_, i) => `inquiry-${i}`);
      await database.db.transaction().execute(async (trx) => {
        for (const inquiryId of ids) await instances[0]!.enqueue(trx, 'email', { inquiryId });
      });

      await Promise.all(instances.map((outbox) => outbox.drain()));

      const seen = handled.map(({ entry }) => (entry.payload as { inquiryId: string }).inquiryId);
      expect(seen.sort()).toEqual([...ids].sort());
      expect(new Set(handled.map(({ by }) => by))).toEqual(new Set(['first', 'second']));
      expect(
        (await outboxRows(database)).every(({ status, attempts }) => status === 'sent' && attempts === 1),
      ).toBe(true);
    });

  if (dialect === 'postgres')
    it('hands a send to another instance once the lease of the one sending it runs out, and keeps one outcome', async () => {
      const { database, reopen } = await open();
      const stalled = await reopen();
      cleanUps.push(() => stalled.close());
      const clock = createTestClock();
      const handled: Handled[] = [];
      let sending: () => void = () => {};
      const started = new Promise<void>((resolve) => {
        sending = resolve;
      });
      let finish: () => void = () => {};
      const stuck = outboxFor(stalled, clock, notingHandler(stalled, handled, 'stalled'), {
        // Hangs mid-send, as an instance that froze or lost its network would, until the test lets it go.
        email: {
          network: true,
          run: () => {
            sending();
            return new Promise<void>((resolve) => {
              finish = resolve;
            });
          },
        },
      });
      await stuck.enqueue(database.db, 'email', { to: 'owner' });
      const stuckDrain = stuck.drain();
      await started;

      // Leased: no other instance sends it meanwhile.
      const other = outboxFor(database, clock, notingHandler(database, handled, 'other'));
      await other.drain();
      expect(handled).toEqual([]);

      clock.advance(SEND_LEASE_MS);
      await other.drain();
      expect(handled.map(({ by }) => by)).toEqual(['other']);

      // The first instance's send ends after all: its lease is gone, so its outcome is not written over the
      // other's.
      finish();
      await stuckDrain;
      const [row] = await outboxRows(database);
      expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    });
});
