import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import pino, { type LevelWithSilent } from 'pino';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `debug` for a route whose requests say nothing about what people do on the site (health checks, static
     * files): its line is written at debug instead of info, unless the answer is a server error.
     */
    requestLog?: 'debug';
  }
}

/** A path longer than this is cut short in the log: a line stays readable whatever a client sends. */
export const LOGGED_PATH_MAX_CHARS = 200;

/**
 * The part of a request's URL that is logged: the path alone. The query string is left out, as it may carry
 * personal data (the inbox search sends names and phone numbers as `q`).
 */
export function loggedPath(url: string): string {
  const end = url.search(/[?#]/);
  const path = end === -1 ? url : url.slice(0, end);
  return path.length > LOGGED_PATH_MAX_CHARS ? `${path.slice(0, LOGGED_PATH_MAX_CHARS)}…` : path;
}

/** Milliseconds to a tenth below 100 ms, whole above: precise where it matters, short where it does not. */
function roundDuration(ms: number): number {
  return ms < 100 ? Math.round(ms * 10) / 10 : Math.round(ms);
}

/**
 * What a request's log line says. Its fields only: a text repeating them (`msg`) made each line a quarter
 * longer and the request log about 6% slower under load (decision 045).
 */
export function requestLogLine(
  method: string,
  url: string,
  status: number,
  elapsedMs: number,
): { method: string; path: string; status: number; durationMs: number } {
  return { method, path: loggedPath(url), status, durationMs: roundDuration(elapsedMs) };
}

/**
 * Fastify writes two lines per request by default (received, completed), for every image and script too.
 * This writes one, once the answer is sent, with what a reader looks for; the request id comes from the
 * request's logger. Fastify's other internal lines keep their default behaviour.
 */
class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const status = reply.statusCode;
    const line = requestLogLine(request.method, request.url, status, reply.elapsedTime);
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else if (status < 500 && request.routeOptions.config.requestLog === 'debug') reply.log.debug(line);
    else reply.log.info(line);
  }
}

/** Fastify options for the request log: one line per request (see RequestLog). */
export function requestLogOptions(): Pick<FastifyServerOptions, 'logController'> {
  return { logController: new RequestLog() };
}

/** Log lines are gathered up to this many bytes before a write: one write for dozens of lines under load. */
const LOG_BUFFER_BYTES = 4096;
/** What is gathered goes out at least this often, so that a quiet server's lines show within a second. */
const LOG_FLUSH_INTERVAL_MS = 1000;

/**
 * The server's logger: standard output, written asynchronously and in batches. Lines are gathered up to
 * LOG_BUFFER_BYTES and written while requests go on, where a synchronous write per line held every request
 * until its line was out. pino writes what is gathered when the process exits, on SIGTERM too.
 *
 * The destination gathers bytes, not text: each line becomes a Buffer as it comes, and a batch is joined
 * once, as it is written. Gathering text, sonic-boom measures the whole batch gathered so far in UTF-8 bytes
 * at every line (about 2 µs a line under load, the largest cost of the request log in a CPU profile). Measured
 * on the channel list (decision 045), bytes gave 1.16–1.28 times the requests per second of text.
 */
export function serverLoggerOptions(level: LevelWithSilent): FastifyServerOptions['logger'] {
  if (level === 'silent') return { level };
  const stream = pino.destination({
    dest: 1,
    sync: false,
    minLength: LOG_BUFFER_BYTES,
    periodicFlush: LOG_FLUSH_INTERVAL_MS,
    contentMode: 'buffer',
  });
  // pino writes text; in this mode sonic-boom takes Buffers. Replaced on the instance, so that pino's own
  // handling of the destination (the flush at exit, a closed pipe) still applies.
  const writeBytes = stream.write.bind(stream);
  stream.write = (line: string) => writeBytes(Buffer.from(line) as unknown as string);
  return { level, stream };
}
