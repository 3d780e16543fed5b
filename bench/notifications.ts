import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { SMTPServer } from 'smtp-server';
import { type Database, openDatabase } from '../src/server/db/database.ts';
import { newId } from '../src/server/db/values.ts';
import {
  inquiryBodies,
  perSecond,
  postInRounds,
  ROUND_SECONDS,
  ROUNDS,
  startWriteServer,
  type WriteServer,
} from './inquiries-write.ts';
import { BENCH_DIR, freePort } from './lib.ts';

/** Inquiry throughput with notifications on must stay within this share of it without them. */
export const NOTIFICATION_RATIO_TARGET = 0.9;
/** Back-office users with email notifications on: each inquiry is one email to each of them. */
const RECIPIENTS = 3;
/** How long the outbox may take to send what piled up during the rounds, after them. */
const DRAIN_TIMEOUT_MS = 300_000;

interface Setup {
  key: 'off' | 'on';
  column: string;
  label: string;
  env: Record<string, string>;
}

/** A real SMTP server on a free port that counts the messages it accepts. */
async function startCountingSmtpServer() {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => {
        received++;
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: () => received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function addRecipients(database: Database): Promise<void> {
  const now = new Date().toISOString();
  await database.db
    .insertInto('admins')
    .values(
      Array.from({ length: RECIPIENTS }, (_, i) => ({
        id: newId(),
        email: `staff-${i + 1}@bench.example`,
        passwordHash: 'not used by the bench',
        createdAt: now,
        updatedAt: now,
      })),
    )
    .execute();
}

/** Outbox entries still to send, and inquiries stored (some past the answers counted: in flight at a window's end). */
async function outboxAndInquiries(file: string): Promise<{ waiting: number; inquiries: number }> {
  const database = await openDatabase({ dialect: 'sqlite', filename: file });
  try {
    const waiting = await database.db
      .selectFrom('notificationOutbox')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    const inquiries = await database.db
      .selectFrom('contactInquiries')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return { waiting: Number(waiting.count), inquiries: Number(inquiries.count) };
  } finally {
    await database.close();
  }
}

/**
 * POST /api/contact-inquiries sustained on SQLite, with notifications off and on, in rotating rounds of one run:
 * the form's throughput must not suffer from the emails each inquiry causes (decision 031), since they are
 * written to the outbox with the inquiry and sent afterwards. After the rounds, everything that piled up
 * must be sent: every acknowledged inquiry becomes one email to each recipient.
 */
export async function benchNotifications(): Promise<{ ratio: number; ok: boolean }> {
  fs.mkdirSync(BENCH_DIR, { recursive: true });
  const dir = fs.mkdtempSync(path.join(BENCH_DIR, 'notifications-'));
  const smtp = await startCountingSmtpServer();
  const pool = inquiryBodies(1_000);
  const next = { sequence: 0 };
  const servers: WriteServer<Setup>[] = [];
  try {
    const setups: Setup[] = [
      { key: 'off', column: 'off', label: 'notifications off (no SMTP_URL)', env: {} },
      {
        key: 'on',
        column: 'on',
        label: `email to ${RECIPIENTS} users each`,
        env: { SMTP_URL: smtp.url, MAIL_FROM: 'Bench <bench@bench.example>' },
      },
    ];
    for (const setup of setups) servers.push(await startWriteServer(setup, dir, addRecipients));
    const { rounds, stalled } = await postInRounds(servers, pool, next);

    const on = servers.find((server) => server.setup.key === 'on')!;
    const drainStarted = performance.now();
    let { waiting, inquiries } = await outboxAndInquiries(on.file);
    while (waiting > 0 && performance.now() - drainStarted < DRAIN_TIMEOUT_MS) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      ({ waiting, inquiries } = await outboxAndInquiries(on.file));
    }
    const drainSeconds = (performance.now() - drainStarted) / 1000;
    for (const server of servers) await server.stop();

    const rate = (key: Setup['key']) => perSecond(rounds.map((round) => round[key]));
    const ratio = rate('on') / rate('off');
    // Exactly one email per stored inquiry and recipient: none lost, none twice.
    const expected = inquiries * RECIPIENTS;
    const failures: string[] = [];
    if (ratio < NOTIFICATION_RATIO_TARGET) {
      failures.push(
        `on/off ${ratio.toFixed(2)}, below the target of ${NOTIFICATION_RATIO_TARGET.toFixed(2)}`,
      );
    }
    if (waiting > 0)
      failures.push(`${waiting} notifications still waiting ${DRAIN_TIMEOUT_MS / 1000} s after the rounds`);
    if (smtp.received() !== expected) {
      failures.push(`${smtp.received()} emails received for ${expected} expected`);
    }
    for (const server of servers) {
      for (const round of rounds) {
        const other = Object.entries(round[server.setup.key].failures).filter(([, count]) => count > 0);
        if (other.length > 0)
          failures.push(`${server.setup.label}: answers other than 201: ${JSON.stringify(other)}`);
      }
    }

    const fmt = (value: number) => Math.round(value).toLocaleString('en-US');
    console.log(
      `\nPOST /api/contact-inquiries with notifications off and on, on SQLite: ${ROUNDS} rounds of ${ROUND_SECONDS} s ` +
        `per setup (order rotated), ${RECIPIENTS} users with email on, a real SMTP server (smtp-server) on this machine`,
    );
    if (stalled !== undefined) {
      console.log(
        `  CPU pressure during the rounds: some task waited for a core ${(stalled * 100).toFixed(0)}% of the time`,
      );
    }
    rounds.forEach((round, i) => {
      console.log(
        `  round ${i + 1}: off ${fmt(perSecond([round.off]))}/s, on ${fmt(perSecond([round.on]))}/s, ` +
          `on/off ${(perSecond([round.on]) / perSecond([round.off])).toFixed(2)}`,
      );
    });
    console.log(
      `  all: off ${fmt(rate('off'))}/s, on ${fmt(rate('on'))}/s, on/off ${ratio.toFixed(2)} ` +
        `(target >= ${NOTIFICATION_RATIO_TARGET.toFixed(2)}): ${ratio >= NOTIFICATION_RATIO_TARGET ? 'PASS' : 'FAIL'}`,
    );
    console.log(
      `  emails: ${fmt(smtp.received())} received for ${fmt(inquiries)} inquiries stored ` +
        `(${fmt(on.acknowledgedIds.length)} answered 201, the rest in flight when a window ended) x ${RECIPIENTS} ` +
        `(${fmt(expected)}); the outbox was empty ${drainSeconds.toFixed(1)} s after the rounds`,
    );
    for (const failure of failures) console.log(`  FAIL ${failure}`);
    console.log(
      `\nBENCH_JSON ${JSON.stringify({
        bench: 'notifications',
        perSecond: { off: Math.round(rate('off')), on: Math.round(rate('on')) },
        ratio: Number(ratio.toFixed(3)),
        emails: { received: smtp.received(), expected },
        drainSeconds: Number(drainSeconds.toFixed(1)),
        ...(stalled !== undefined ? { cpuStalledShare: Number(stalled.toFixed(3)) } : {}),
        failures,
      })}`,
    );
    return { ratio, ok: failures.length === 0 };
  } finally {
    for (const server of servers) await server.stop();
    await smtp.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
