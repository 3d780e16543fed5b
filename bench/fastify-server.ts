import Fastify, { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { requestLogLine } from '../src/server/plugins/request-log.ts';
import { loadSampledResponse } from './sampled-response.ts';

/**
 * Sampark's peer: plain Fastify 5 with one route answering every request with the bytes of a response
 * sampled from Sampark (BARE_RESPONSE names the sample's JSON file), no plugin, no hook of its own.
 *
 * With PEER_REQUEST_LOG=info it logs as a Fastify app would that wants Sampark's request line: Fastify's
 * default logger (`logger: true`: pino writing to standard output), and Fastify's way to change its request
 * lines (a LogController): instead of its two lines a request, one once the answer is sent, through the
 * request's logger (its child carrying the request id), with the fields of Sampark's line. What the framework
 * and its logger cost, with nothing of Sampark's.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(_error: unknown, request: FastifyRequest, reply: FastifyReply): void {
    reply.log.info(requestLogLine(request.method, request.url, reply.statusCode, reply.elapsedTime));
  }
}

const { status, headers, body } = loadSampledResponse();
const logged = process.env.PEER_REQUEST_LOG === 'info';
const app = Fastify({ logger: logged, logController: new OneLinePerRequest() });
app.get('*', (_request, reply) => {
  reply.code(status).headers(headers).send(body);
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
// pino writes what it has gathered as the process exits; a signal alone would end it without exiting so.
process.once('SIGTERM', () => process.exit(0));
