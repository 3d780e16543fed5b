import { Writable } from 'node:stream';

/** A log destination for a test (pino's or Fastify's `stream`): every JSON line written to it, parsed, in order. */
export function logLines<Line = Record<string, unknown>>(): { stream: Writable; lines: Line[] } {
  const lines: Line[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Line);
      done();
    },
  });
  return { stream, lines };
}
