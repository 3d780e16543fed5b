import {
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import pino, { type Bindings, type LevelWithSilent, type Logger } from 'pino';

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
export function requestLogLine(method: string, url: string, status: number, elapsedMs: number): RequestLine {
  return { method, path: loggedPath(url), status, durationMs: roundDuration(elapsedMs) };
}

interface RequestLine {
  method: string;
  path: string;
  status: number;
  durationMs: number;
}

const PINO = pino.symbols;

/** The parts of a pino logger its own lines are made of: the request line is made of the same. */
interface PinoParts {
  levelVal: number;
  /** `{"level":30`, by level number. */
  [PINO.lsCacheSym]: Record<number, string>;
  /** `,"time":1796020946050`, or what the logger's `timestamp` option makes. */
  [PINO.timeSym]: () => string;
  /** The bindings: `,"pid":10543,"hostname":"vm"` and a child's own. */
  [PINO.chindingsSym]: string;
  /** `}` and the line's end. */
  [PINO.endSym]: string;
  [PINO.mixinSym]?: unknown;
  [PINO.streamSym]: { write(line: string): void; [PINO.needsMetadataGsym]?: boolean };
}

const LEVEL_INFO = pino.levels.values.info!;
const LEVEL_DEBUG = pino.levels.values.debug!;

/** Arguments of a log method, as pino takes them: an object or a message, then more. */
type LogArgs = [unknown, ...unknown[]];
type LogMethods = Record<
  'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent',
  (...args: LogArgs) => void
>;

/**
 * The logger of one request (Fastify's `childLoggerFactory`). Fastify makes a pino child carrying the request
 * id for every request; most requests log nothing but their request line, and making the child (a logger
 * object, its formatters and its bindings turned into JSON) was a tenth of the request log's cost (decision
 * 065). This one makes pino's child the first time something is logged through it, and writes the request
 * line itself (`writeRequestLine`), with the same bytes pino would.
 */
class RequestLogger implements FastifyBaseLogger {
  private made: (Logger & LogMethods) | undefined;

  constructor(
    private readonly parent: Logger,
    private readonly bindings: Bindings,
  ) {}

  private get logger(): Logger & LogMethods {
    this.made ??= this.parent.child(this.bindings) as Logger & LogMethods;
    return this.made;
  }

  get level(): string {
    return (this.made ?? this.parent).level;
  }

  set level(level: string) {
    this.logger.level = level;
  }

  fatal(...args: LogArgs): void {
    this.logger.fatal(...args);
  }
  error(...args: LogArgs): void {
    this.logger.error(...args);
  }
  warn(...args: LogArgs): void {
    this.logger.warn(...args);
  }
  info(...args: LogArgs): void {
    this.logger.info(...args);
  }
  debug(...args: LogArgs): void {
    this.logger.debug(...args);
  }
  trace(...args: LogArgs): void {
    this.logger.trace(...args);
  }
  silent(...args: LogArgs): void {
    this.logger.silent(...args);
  }

  child(bindings: Bindings, options?: pino.ChildLoggerOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }

  /** Whether a line at `level` (a pino level number) is written, as pino's `isLevelEnabled`. */
  writes(level: number): boolean {
    return level >= ((this.made ?? this.parent) as unknown as PinoParts).levelVal;
  }

  /**
   * The request line at `level` (a pino level number; see `writes`), as pino writes `{...line}` through the
   * request's child: the logger's own level prefix, time and bindings, the request id, the fields, the
   * logger's line end. Only for a logger with no mixin and a destination that wants no metadata, which is how
   * the server makes it (serverLoggerOptions); otherwise the line goes through pino.
   */
  writeRequestLine(level: number, line: RequestLine): void {
    const logger = (this.made ?? this.parent) as unknown as PinoParts;
    const stream = logger[PINO.streamSym];
    if (logger[PINO.mixinSym] !== undefined || stream[PINO.needsMetadataGsym] === true) {
      this.logger[level === LEVEL_DEBUG ? 'debug' : 'info'](line);
      return;
    }
    let bindings = logger[PINO.chindingsSym];
    if (this.made === undefined) {
      for (const key in this.bindings)
        bindings += `,${JSON.stringify(key)}:${JSON.stringify(this.bindings[key])}`;
    }
    stream.write(
      `${logger[PINO.lsCacheSym][level]}${logger[PINO.timeSym]()}${bindings},"method":${JSON.stringify(line.method)},` +
        `"path":${JSON.stringify(line.path)},"status":${line.status},"durationMs":${line.durationMs}${logger[PINO.endSym]}`,
    );
  }
}

/** Each request's logger: a RequestLogger, unless the route asks for a level or serializers of its own. */
const requestLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (logger, bindings, options) =>
  options.level === undefined && options.serializers === undefined && PINO.streamSym in logger
    ? new RequestLogger(logger as unknown as Logger, bindings)
    : logger.child(bindings, options);

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
    const level =
      status < 500 && request.routeOptions.config.requestLog === 'debug' ? LEVEL_DEBUG : LEVEL_INFO;
    const log = reply.log;
    if (!error && log instanceof RequestLogger) {
      // The line is not even made when its level is off (LOG_LEVEL=silent, or a health check at info).
      if (log.writes(level))
        log.writeRequestLine(level, requestLogLine(request.method, request.url, status, reply.elapsedTime));
      return;
    }
    const line = requestLogLine(request.method, request.url, status, reply.elapsedTime);
    if (error) log.error({ ...line, err: error }, 'request errored');
    else log[level === LEVEL_DEBUG ? 'debug' : 'info'](line);
  }
}

/** Fastify options for the request log: one line per request (see RequestLog), each request's logger. */
export function requestLogOptions(): Pick<FastifyServerOptions, 'logController' | 'childLoggerFactory'> {
  return { logController: new RequestLog(), childLoggerFactory: requestLogger };
}

/**
 * Log lines are gathered up to this many bytes before a write: one write for hundreds of lines under load.
 * Each write costs far more than the bytes it carries: with 4 KB batches the writes were a third of the request
 * log's cost (decision 065).
 */
const LOG_BUFFER_BYTES = 64 * 1024;
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
    // sonic-boom writes at most this much at once, and wants it above what it gathers.
    maxWrite: 2 * LOG_BUFFER_BYTES,
    periodicFlush: LOG_FLUSH_INTERVAL_MS,
    contentMode: 'buffer',
  });
  // pino writes text; in this mode sonic-boom takes Buffers. Replaced on the instance, so that pino's own
  // handling of the destination (the flush at exit, a closed pipe) still applies.
  const writeBytes = stream.write.bind(stream);
  stream.write = (line: string) => writeBytes(Buffer.from(line) as unknown as string);
  return { level, stream };
}
