import { type IncomingMessage, type ServerOptions, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';
import { HttpError } from '../lib/http-errors.ts';
import { errorBody, JSON_TYPE } from './errors.ts';
import { securityHeaders } from './security.ts';

// Some requests fail before the app's hooks run: in Node's HTTP parser (headers too large, a request line
// that is not HTTP) or in the router (a URL that cannot be decoded). Fastify and Node answer those with
// their own bodies, which quote the URL and lack the security headers. This module gives them the app's
// answer instead, or lets the app answer them itself.

const MALFORMED_URL_MESSAGE = 'The address is not valid';

/** Requests whose URL had broken percent-escapes, repaired so that routing could happen. */
const malformedUrls = new WeakSet<IncomingMessage>();

const ESCAPES_OR_LONE_PERCENT = /(?:%[0-9A-Fa-f]{2})+|%/g;

/**
 * The URL with every percent-escape that does not decode (a lone `%`, an incomplete UTF-8 sequence)
 * escaped itself, so that it reads literally; null when the path decodes as it is.
 */
export function repairPercentEncoding(url: string): string | null {
  if (!url.includes('%')) return null;
  const end = url.search(/[?#]/);
  const path = end === -1 ? url : url.slice(0, end);
  try {
    decodeURIComponent(path);
    return null;
  } catch {
    const repaired = path.replace(ESCAPES_OR_LONE_PERCENT, (run) => {
      try {
        decodeURIComponent(run);
        return run;
      } catch {
        return repairEscapeRun(run);
      }
    });
    return end === -1 ? repaired : repaired + url.slice(end);
  }
}

/** UTF-8: how many bytes the sequence this byte starts has, or 0 for a byte no sequence starts with. */
function sequenceLength(byte: number): number {
  if (byte < 0x80) return 1;
  if (byte >= 0xc2 && byte < 0xe0) return 2;
  if (byte >= 0xe0 && byte < 0xf0) return 3;
  if (byte >= 0xf0 && byte < 0xf5) return 4;
  return 0;
}

/**
 * A run of escapes that does not decode as a whole: each UTF-8 sequence in it that decodes stays as it is
 * (a `%25` beside a broken `%C0` is still a percent sign), and every other escape is escaped itself.
 */
function repairEscapeRun(run: string): string {
  const escapes = run.match(/%[0-9A-Fa-f]{2}/g);
  if (!escapes) return '%25';
  let repaired = '';
  let at = 0;
  while (at < escapes.length) {
    const length = sequenceLength(Number.parseInt(escapes[at]!.slice(1), 16));
    const sequence = escapes.slice(at, at + length).join('');
    let decodes = length > 0 && at + length <= escapes.length;
    try {
      if (decodes) decodeURIComponent(sequence);
    } catch {
      decodes = false;
    }
    if (decodes) {
      repaired += sequence;
      at += length;
    } else {
      repaired += `%25${escapes[at]!.slice(1)}`;
      at += 1;
    }
  }
  return repaired;
}

function frameworkStatus(error: FastifyError): number {
  if (error.code === 'FST_ERR_BAD_URL') return 400;
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return 414;
  return typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
}

function clientErrorStatus(code: string | undefined): number {
  if (code === 'HPE_HEADER_OVERFLOW') return 431;
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  return 400;
}

/**
 * Fastify options for the requests that fail before routing. With them every answer the server writes
 * carries the security headers and `{success:false, message}`, and none repeats what was sent.
 */
export function earlyErrorOptions(config: Config): Pick<
  FastifyServerOptions,
  'rewriteUrl' | 'frameworkErrors' | 'clientErrorHandler'
> & {
  http: ServerOptions;
} {
  const headers = securityHeaders(config).api;
  const rawHead = Object.entries({ ...headers, 'cache-control': 'no-store', connection: 'close' })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');

  return {
    // Node answers an HTTP/1.1 request without a Host header with its own bare 400; let it through, and
    // the host check of the security hook refuses it in the app's shape (or serves it, with PUBLIC_ORIGIN).
    http: { requireHostHeader: false },

    // An undecodable URL is routed with its broken escapes taken literally, so that an admin route still
    // answers 401 to a visitor who is not signed in; the check below then refuses it with 400.
    rewriteUrl(request) {
      const url = request.url ?? '/';
      const repaired = repairPercentEncoding(url);
      if (repaired === null) return url;
      malformedUrls.add(request);
      return repaired;
    },

    // What the router still cannot route (kept for safety: the URL repair and maxParamLength leave none).
    frameworkErrors(error, _request, reply: FastifyReply) {
      const status = frameworkStatus(error);
      reply
        .headers(headers)
        .header('cache-control', 'no-store')
        .status(status)
        .type(JSON_TYPE)
        .send(errorBody(status));
    },

    // Node's parser gave up (headers over its limit, a request line that is not HTTP): there is no request,
    // only the socket. Answered as Node would (write, then destroy), in the app's shape.
    clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket) {
      if (error.code === 'ECONNRESET' || socket.destroyed) return;
      this.log.debug({ err: error }, 'the HTTP parser refused a request');
      // Writing while an earlier response on this connection is under way would corrupt it.
      const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
      if (socket.writable && !inFlight?.headersSent) {
        const status = clientErrorStatus(error.code);
        const body = errorBody(status);
        socket.write(
          `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${rawHead}` +
            `content-type: ${JSON_TYPE}\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
        );
      }
      socket.destroy(error);
    },
  };
}

/**
 * Refuses a request whose URL had to be repaired. In preValidation, after every onRequest hook: the
 * authentication check (401) and the CSRF check (403) of the route come first, as for any bad input.
 */
export function registerMalformedUrlCheck(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    done(malformedUrls.has(request.raw) ? new HttpError(400, MALFORMED_URL_MESSAGE) : undefined);
  });
}
