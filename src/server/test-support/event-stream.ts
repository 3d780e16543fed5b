import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { LIVE_EVENT_NAME, LIVE_EVENTS_PATH, type LiveEvent } from '../../shared/contracts/live-events.ts';

/** Bounds every wait for an event; far above the 2 s the issue allows, for a loaded CI machine. */
const EVENT_WAIT_MS = 10_000;

/** Starts the app on a real port of its own (an event stream never ends, so inject cannot read one). */
export async function listenOnFreePort(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** What a browser's EventSource would see of one stream. */
export interface EventStreamClient {
  response: Response;
  /** Every block of the stream as received: fields (`retry:`), comments (`: heartbeat`) and events. */
  blocks: string[];
  events: LiveEvent[];
  /** Resolves with the first event (seen so far or to come) that `match` accepts; rejects after `timeoutMs`. */
  nextEvent(match: (event: LiveEvent) => boolean, timeoutMs?: number): Promise<LiveEvent>;
  /** Resolves when `count` blocks that `match` accepts have arrived. */
  waitForBlocks(match: (block: string) => boolean, count?: number): Promise<void>;
  /** Resolves when the server has ended the stream. */
  waitForEnd(): Promise<void>;
  close(): void;
}

/** Opens the admin event stream with node's fetch, reading it as it arrives. */
export async function openEventStream(baseUrl: string, cookie: string): Promise<EventStreamClient> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}${LIVE_EVENTS_PATH}`, {
    headers: { cookie, accept: 'text/event-stream', 'accept-encoding': 'br, gzip' },
    signal: controller.signal,
  });
  const blocks: string[] = [];
  const events: LiveEvent[] = [];
  let waiters: (() => boolean)[] = [];
  const wake = () => {
    waiters = waiters.filter((settled) => !settled());
  };
  const until = <T>(check: () => T | undefined, what: string, timeoutMs = EVENT_WAIT_MS): Promise<T> => {
    const now = check();
    if (now !== undefined) return Promise.resolve(now);
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${what} within ${timeoutMs} ms`)), timeoutMs);
      waiters.push(() => {
        const value = check();
        if (value === undefined) return false;
        clearTimeout(timer);
        resolve(value);
        return true;
      });
    });
  };

  let finished = false;
  const reading = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      const reader = response.body.getReader();
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        buffer += decoder.decode(read.value, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          blocks.push(block);
          const lines = block.split('\n');
          if (lines.includes(`event: ${LIVE_EVENT_NAME}`)) {
            const data = lines.find((line) => line.startsWith('data: '));
            if (data) events.push(JSON.parse(data.slice('data: '.length)) as LiveEvent);
          }
          end = buffer.indexOf('\n\n');
        }
        wake();
      }
    } catch {
      // Aborted by close(), or the connection was cut: either way the stream is over.
    }
    finished = true;
    wake();
  })();

  return {
    response,
    blocks,
    events,
    nextEvent: (match, timeoutMs) => until(() => events.find(match), 'matching event', timeoutMs),
    waitForBlocks: (match, count = 1) =>
      until(() => (blocks.filter(match).length >= count ? true : undefined), 'matching block').then(
        () => undefined,
      ),
    waitForEnd: () => until(() => (finished ? true : undefined), 'end of the stream').then(() => reading),
    close: () => controller.abort(),
  };
}
