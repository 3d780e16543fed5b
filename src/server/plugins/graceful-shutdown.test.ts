import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { requestAwaitingBody, send } from '../test-support/http-client.ts';
import { TEST_DIALECTS, TEST_INQUIRY, withTestApp } from '../test-support/test-app.ts';

const INQUIRY = JSON.stringify(TEST_INQUIRY);

/** The status line and headers of the raw HTTP answer in `text`. */
function parseHead(text: string) {
  const [statusLine = '', ...lines] = text.slice(0, text.indexOf('\r\n\r\n')).split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => [
      line.slice(0, line.indexOf(':')).toLowerCase(),
      line.slice(line.indexOf(':') + 1).trim(),
    ]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers };
}

describe.each(TEST_DIALECTS)('a graceful shutdown (%s)', (dialect) => {
  it('answers the request under way, says not ready meanwhile, and closes each connection after its answer', async () => {
    await withTestApp(dialect, {}, async (t) => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      const agent = new http.Agent({ keepAlive: true });
      expect(await send(agent, port, '/api/ready')).toMatchObject({ status: 200, connection: 'keep-alive' });
      // A visitor's message: its headers before the shutdown, its body after.
      const inquiry = await requestAwaitingBody(port, '/api/contact-inquiries', Buffer.byteLength(INQUIRY));

      const exitCode = t.app.gracefulShutdown.run('SIGTERM');
      expect(t.app.gracefulShutdown.isShuttingDown()).toBe(true);
      // The load balancer's next check, on the connection it kept open.
      const ready = await send(agent, port, '/api/ready');
      expect(ready).toMatchObject({ status: 503, connection: 'close', reusedSocket: true });
      inquiry.socket.write(INQUIRY);
      await inquiry.closed;
      const answer = parseHead(inquiry.received());
      expect(answer.status, inquiry.received()).toBe(201);
      expect(answer.headers.connection).toBe('close');

      expect(await exitCode).toBe(0);
      expect(t.app.server.listening).toBe(false);
      const stored = await t.database.db.selectFrom('contactInquiries').select('name').execute();
      expect(stored).toEqual([{ name: 'Asha Verma' }]);
      agent.destroy();
    });
  });
});

describe('closing the app directly', () => {
  it('answers a request under way normally, with Connection: close and the security headers', async () => {
    await withTestApp('sqlite', {}, async (t) => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      const inquiry = await requestAwaitingBody(port, '/api/contact-inquiries', Buffer.byteLength(INQUIRY));
      const closing = t.app.close();
      inquiry.socket.write(INQUIRY);
      await inquiry.closed;
      await closing;
      const answer = parseHead(inquiry.received());
      // Fastify's own answer here would be a bare 503 (return503OnClosing); this request had reached the server.
      expect(answer.status, inquiry.received()).toBe(201);
      expect(answer.headers.connection).toBe('close');
      expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
    });
  });
});
