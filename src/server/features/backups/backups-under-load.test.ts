import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/database.ts';
import { seedInquiries, sqliteInquiryCount } from '../../test-support/backup-fixtures.ts';
import { scratchPostgresForEachTest } from '../../test-support/scratch-postgres.ts';
import { buildTestApp, createTestApp, TEST_ORIGIN, type TestApp } from '../../test-support/test-app.ts';
import { backupPostgres, restorePostgres } from './postgres-backup.ts';
import { backupSqlite } from './sqlite-backup.ts';
import { restoreSqlite } from './sqlite-restore.ts';

/** Every inquiry the test sends comes from one address: the per-address limit is not what is tested. */
const LOAD_ENV = {
  INQUIRY_LIMIT_PER_HOUR: '100000',
  INQUIRY_LIMIT_PER_SENDER_PER_HOUR: '100000',
  INQUIRY_CHALLENGE_AFTER_PER_HOUR: '100000',
  BACKUP_KEEP_DAYS: '0',
};
const WRITERS = 8;
/** Inquiries acknowledged before the backup starts, so that "before" is never an empty set. */
const ACKED_BEFORE_START = 40;

interface Ack {
  id: string;
  /** The 201 arrived before the snapshot was fixed (SQLite) or before pg_dump was started (PostgreSQL). */
  beforeSnapshot: boolean;
}

/**
 * Visitors sending the contact form without pause through the real app, each waiting for its answer
 * before sending the next, until stop().
 */
function startVisitors(app: FastifyInstance) {
  const acks: Ack[] = [];
  const failures: string[] = [];
  let snapshotTaken = false;
  let stopped = false;
  let sent = 0;
  let wake: (() => void) | undefined;
  const enough = new Promise<void>((resolve) => {
    wake = resolve;
  });
  const visitor = async () => {
    while (!stopped) {
      sent += 1;
      const response = await app.inject({
        method: 'POST',
        url: '/api/contact-inquiries',
        headers: { origin: TEST_ORIGIN },
        payload: {
          name: 'Asha Verma',
          phone: '+91 98765 43210',
          email: 'asha@example.com',
          city: 'Pune',
          service: 'technical-support',
          query: `Message ${sent} sent during the backup test`,
        },
        remoteAddress: '203.0.113.9',
      });
      if (response.statusCode !== 201) {
        failures.push(`${response.statusCode} ${response.body}`);
        continue;
      }
      acks.push({ id: response.json().data._id, beforeSnapshot: !snapshotTaken });
      if (acks.length >= ACKED_BEFORE_START) wake?.();
    }
  };
  const running = Promise.all(Array.from({ length: WRITERS }, visitor));
  return {
    acks,
    failures,
    /** Resolves once some inquiries have been acknowledged. */
    warmedUp: () => enough,
    snapshotTaken() {
      snapshotTaken = true;
    },
    async stop() {
      stopped = true;
      await running;
    },
  };
}

describe('a SQLite backup under write load', () => {
  let t: TestApp;
  let dir: string;
  beforeEach(async () => {
    t = await createTestApp('sqlite', LOAD_ENV);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sampark-backup-load-'));
  });
  afterEach(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('restores to an intact database with every inquiry acknowledged before the snapshot began', async () => {
    if (t.database.target.dialect !== 'sqlite') throw new Error('expected SQLite');
    const live = t.database.target.filename;
    // Enough rows that the copy takes many steps, between which the visitors' writes commit.
    await seedInquiries(t.database, 2_000);
    const visitors = startVisitors(t.app);
    await visitors.warmedUp();

    const backupFile = path.join(dir, 'backup.db');
    // Small steps: the visitors get many turns while the copy runs.
    await backupSqlite({
      filename: live,
      destination: backupFile,
      pagesPerStep: 16,
      onSnapshot: visitors.snapshotTaken,
    });
    const liveCount = sqliteInquiryCount(live);
    await visitors.stop();
    expect(visitors.failures).toEqual([]);

    const restored = path.join(dir, 'restored', 'sampark.db');
    const report = await restoreSqlite({ file: backupFile, filename: restored });
    expect(report.keptAside).toBeNull();

    const db = new SQLite(restored, { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const ids = new Set(db.prepare('select id from contact_inquiries').pluck().all() as string[]);
      const before = visitors.acks.filter((ack) => ack.beforeSnapshot);
      expect(before.length).toBeGreaterThanOrEqual(ACKED_BEFORE_START);
      expect(before.filter((ack) => !ids.has(ack.id))).toEqual([]);
      // A snapshot, not a copy that raced the writers: the inquiries it holds are exactly the first ones in
      // commit order (seq is the rowid, one more for each commit), with no gap.
      const seqs = db.prepare('select seq from contact_inquiries order by seq').pluck().all() as number[];
      expect(seqs[0]).toBe(1);
      expect(seqs.at(-1)).toBe(seqs.length);
      // The visitors went on writing while the copy ran: the live database had more by its end.
      expect(liveCount).toBeGreaterThan(ids.size);
    } finally {
      db.close();
    }
  });
});

describe.runIf(process.env.TEST_POSTGRES_URL)('a PostgreSQL backup under write load', () => {
  const source = scratchPostgresForEachTest('sampark_backup_test');
  const target = scratchPostgresForEachTest('sampark_restore_test');
  let database: Database;
  let app: FastifyInstance;
  let dir: string;
  beforeEach(async () => {
    database = await openDatabase({ dialect: 'postgres', url: source.url });
    app = await buildTestApp(database, LOAD_ENV);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sampark-backup-load-'));
  });
  afterEach(async () => {
    await app.close();
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('restores into another database with every inquiry acknowledged before pg_dump started', async () => {
    const visitors = startVisitors(app);
    await visitors.warmedUp();

    const backupFile = path.join(dir, 'backup.dump');
    visitors.snapshotTaken();
    await backupPostgres({ url: source.url, destination: backupFile });
    const liveCount = Number(
      (
        await database.db
          .selectFrom('contactInquiries')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst()
      )?.n,
    );
    await visitors.stop();
    expect(visitors.failures).toEqual([]);

    const report = await restorePostgres({ url: target.url, file: backupFile, backupDirectory: dir });
    expect(report.schema.state).toBe('current');
    // The target database was empty: nothing to keep aside.
    expect(report.keptAside).toBeNull();

    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ id: string }>('select id from contact_inquiries');
      const ids = new Set(rows.map((row) => row.id));
      const before = visitors.acks.filter((ack) => ack.beforeSnapshot);
      expect(before.length).toBeGreaterThanOrEqual(ACKED_BEFORE_START);
      expect(before.filter((ack) => !ids.has(ack.id))).toEqual([]);
      expect(report.counts).toContainEqual({ label: 'inquiries', rows: ids.size });
      expect(liveCount).toBeGreaterThan(ids.size);
      // The stat counters kept by triggers came back in step with the rows.
      const counted = await client.query<{ n: string }>(
        'select coalesce(sum(count), 0) as n from contact_inquiry_counts',
      );
      expect(Number(counted.rows[0]?.n)).toBe(ids.size);
    } finally {
      await client.end();
    }
  });
});
