import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { performance } from 'node:perf_hooks';

/** One request the receiver took, as a receiver in the README would read it. */
export interface ReceivedWebhook {
  /** The body's event id: the same on every attempt of one event. */
  id: string;
  type: string;
  createdAt: string;
  data: Record<string, unknown>;
  headers: http.IncomingHttpHeaders;
  /** The signature matched the secret, and its timestamp was within 5 minutes of now. */
  verified: boolean;
  /** When the whole request had arrived (performance.now()). */
  arrivedAt: number;
}

/** What the receiver does with a request: answer with a status (and headers), or never answer. */
export type ReceiverAnswer = { status: number; headers?: Record<string, string> } | 'hang';

export interface WebhookReceiver {
  url: string;
  /** Every request in the order it arrived, answered or not. */
  received: ReceivedWebhook[];
  /** The secret the signature is checked with (known once the endpoint is added). */
  setSecret(secret: string): void;
  /** Decides the answers from now on; by default 204 to a verified request, 400 otherwise. */
  answer(decide: (request: ReceivedWebhook) => ReceiverAnswer): void;
  /** Requests under way that the receiver holds without answering. */
  held(): number;
  /** The most requests it held at one moment so far. */
  mostHeld(): number;
  close(): Promise<void>;
}

const TOLERANCE_SECONDS = 5 * 60;

/**
 * The verification of the README's "Webhooks" section: HMAC-SHA256 of `<t>.<raw body>` with the secret,
 * compared in constant time, and a timestamp no older than 5 minutes.
 */
function verifySignature(secret: string, header: string | undefined, rawBody: string, nowMs = Date.now()) {
  const parts = Object.fromEntries(
    (header ?? '').split(',').map((part) => part.split('=', 2) as [string, string]),
  );
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || Math.abs(nowMs / 1000 - timestamp) > TOLERANCE_SECONDS) return false;
  const expected = createHmac('sha256', secret).update(`${parts.t}.${rawBody}`).digest();
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A real HTTP receiver on a free port of 127.0.0.1 that verifies each delivery's signature. */
export async function startWebhookReceiver({
  now = Date.now,
}: {
  now?: () => number;
} = {}): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const sockets = new Set<Socket>();
  let secret = '';
  let decide: (request: ReceivedWebhook) => ReceiverAnswer = (request) => ({
    status: request.verified ? 204 : 400,
  });
  let holding = 0;
  let mostHeld = 0;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: Partial<ReceivedWebhook> = {};
      try {
        body = JSON.parse(raw);
      } catch {
        // Recorded as it is: the test sees what arrived.
      }
      const webhook: ReceivedWebhook = {
        id: String(body.id),
        type: String(body.type),
        createdAt: String(body.createdAt),
        data: (body.data ?? {}) as Record<string, unknown>,
        headers: request.headers,
        verified: verifySignature(
          secret,
          request.headers['sampark-signature'] as string | undefined,
          raw,
          now(),
        ),
        arrivedAt: performance.now(),
      };
      received.push(webhook);
      const answer = decide(webhook);
      if (answer === 'hang') {
        holding += 1;
        mostHeld = Math.max(mostHeld, holding);
        response.on('close', () => {
          holding -= 1;
        });
        return;
      }
      response.writeHead(answer.status, answer.headers).end();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/sampark`,
    received,
    setSecret(value) {
      secret = value;
    },
    answer(value) {
      decide = value;
    },
    held: () => holding,
    mostHeld: () => mostHeld,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
