import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { killServerProcesses, startServerProcess } from '../test-support/server-process.ts';
import { startSmtpServer } from '../test-support/smtp-test-server.ts';
import { TEST_INQUIRY } from '../test-support/test-app.ts';

afterEach(killServerProcesses);

const OWNER = 'owner@restart.example';

/**
 * A mail server that takes the connection and never answers: the worker is then between the commit and the
 * send, for as long as the test likes.
 */
async function silentMailServer() {
  const sockets = new Set<net.Socket>();
  let connected: () => void = () => {};
  const firstConnection = new Promise<void>((resolve) => {
    connected = resolve;
  });
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    connected();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    firstConnection,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe('notifications across a crash', () => {
  // Two server processes start from the TypeScript sources: 12 s on an idle machine, much more on a busy one.
  it('sends the email of an inquiry committed just before kill -9, once, after the restart', {
    timeout: 180_000,
  }, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sampark-outbox-restart-'));
    const silent = await silentMailServer();
    const env = {
      DATABASE_URL: `file:${path.join(dir, 'sampark.db')}`,
      ADMIN_EMAIL: OWNER,
      ADMIN_PASSWORD: 'restart-password-1',
      SMTP_URL: `smtp://127.0.0.1:${silent.port}`,
      MAIL_FROM: 'Sampark <notify@restart.example>',
    };
    try {
      const first = startServerProcess(env);
      const port = await first.port;
      const query = 'My order #4417 never arrived in Indore';
      const response = await fetch(`http://127.0.0.1:${port}/api/contact-inquiries`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...TEST_INQUIRY, query }),
      });
      expect(response.status).toBe(201);
      // The inquiry is committed, and its email cannot have left: the mail server this process talks to takes
      // connections and never answers. The process dies now.
      await silent.firstConnection;
      first.child.kill('SIGKILL');
      await first.exited;
      await silent.close();

      const mail = await startSmtpServer(silent.port);
      const second = startServerProcess(env);
      try {
        const secondPort = await second.port;
        await expect.poll(() => mail.received.length, { timeout: 60_000 }).toBeGreaterThan(0);
        expect(mail.received[0]!.to).toEqual([OWNER]);
        expect(mail.received[0]!.mail.text).toContain(query);
        // A second inquiry's email comes after the worker has looked again: by then the first was marked
        // sent, so it is not sent twice.
        const later = 'Thank you, it arrived today';
        const answer = await fetch(`http://127.0.0.1:${secondPort}/api/contact-inquiries`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            ...TEST_INQUIRY,
            email: 'other@example.com',
            phone: '+91 98765 11111',
            query: later,
          }),
        });
        expect(answer.status).toBe(201);
        await expect.poll(() => mail.received.length, { timeout: 60_000 }).toBe(2);
        expect(mail.received.map(({ mail: { text } }) => text?.includes(query))).toEqual([true, false]);
        expect(mail.received[1]!.mail.text).toContain(later);
      } finally {
        // The mail server waits for its clients to leave before it closes.
        second.terminate();
        await second.exited;
        await mail.close();
      }
    } finally {
      await silent.close().catch(() => undefined);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
