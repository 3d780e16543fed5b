import fs from 'node:fs';
import http from 'node:http';
import pino from 'pino';
import { requestLogLine, serverLoggerOptions } from '../src/server/plugins/request-log.ts';

/**
 * The baseline: Node's own HTTP server answering every request with the bytes of a response sampled from
 * Sampark (its status, its headers, its body), nothing else. BARE_RESPONSE names the sample's JSON file.
 *
 * With BARE_REQUEST_LOG=info it also writes Sampark's request log line for each answer, with Sampark's logger
 * settings and as Fastify does (a child logger carrying the request id, the line once the answer is sent):
 * what one log line per request costs on this machine with no framework at all.
 */
export interface SampledResponse {
  status: number;
  headers: Record<string, string>;
  bodyBase64: string;
}

const sample = JSON.parse(fs.readFileSync(process.env.BARE_RESPONSE ?? '', 'utf8')) as SampledResponse;
const body = Buffer.from(sample.bodyBase64, 'base64');
const headers = { ...sample.headers, 'content-length': String(body.length) };

function requestLogger(): ((request: http.IncomingMessage, started: number) => void) | undefined {
  if (process.env.BARE_REQUEST_LOG !== 'info') return undefined;
  const options = serverLoggerOptions('info') as { level: string; stream: pino.DestinationStream };
  const logger = pino({ level: options.level }, options.stream);
  let requests = 0;
  return (request, started) => {
    const line = requestLogLine(
      request.method ?? 'GET',
      request.url ?? '/',
      sample.status,
      performance.now() - started,
    );
    logger.child({ reqId: `req-${(++requests).toString(36)}` }).info(line);
  };
}

const logRequest = requestLogger();
http
  .createServer((request, response) => {
    const started = performance.now();
    response.writeHead(sample.status, headers);
    response.end(body);
    if (logRequest) response.once('finish', () => logRequest(request, started));
  })
  .listen(Number(process.env.PORT), '127.0.0.1');
// pino writes what it has gathered as the process exits; a signal alone would end it without exiting so.
process.once('SIGTERM', () => process.exit(0));
