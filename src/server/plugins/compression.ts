import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Smaller answers go out as they are: compressing them costs more time than the bytes save. */
const COMPRESS_THRESHOLD_BYTES = 1024;
// zstd (which Node 22 adds) and deflate are left out: brotli and gzip cover every browser.
const ENCODINGS: ('br' | 'gzip')[] = ['br', 'gzip'];

/**
 * Dynamic answers (HTML, JSON, XML) are compressed as Accept-Encoding asks. Register before any route:
 * the plugin adds its hooks to each route as it is declared.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ENCODINGS,
    // Compressed request bodies would be inflated past the body limit's view of them: not accepted.
    globalDecompression: false,
  });
}

/** An answer's bytes, with compressed copies when it is large enough to be worth them. */
export interface PrecompressedBody {
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  /** A hash of the text the bytes were made from: the same text again reuses them. */
  digest: string;
}

/**
 * For an answer built once and sent many times (a cached list): compressed once here, so the route can
 * opt out of the compression hooks (`compress: false`) and send the right copy with no work per request.
 * Given the body it replaces (`stale`), it returns that one when the text did not change: cached answers are
 * built again every second (decision 006), and new copies of the same bytes would only wait for the garbage
 * collector, as native memory (decision 064).
 */
export function precompress(body: string, stale?: PrecompressedBody): PrecompressedBody {
  const digest = createHash('sha256').update(body).digest('base64');
  if (stale?.digest === digest) return stale;
  const identity = Buffer.from(body);
  if (identity.length < COMPRESS_THRESHOLD_BYTES) return { identity, digest };
  return {
    identity,
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } }),
    gzip: gzipSync(identity),
    digest,
  };
}

/** The bytes a precompressed body holds, all copies together. */
export function precompressedBytes(body: PrecompressedBody): number {
  return body.identity.length + (body.br?.length ?? 0) + (body.gzip?.length ?? 0);
}

export function sendPrecompressed(
  request: FastifyRequest,
  reply: FastifyReply,
  body: PrecompressedBody,
  contentType: string,
): FastifyReply {
  reply.type(contentType);
  if (!body.br && !body.gzip) return reply.send(body.identity);
  // After what the route varies by (a contact page, by User-Agent).
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
  const accepted = request.headers['accept-encoding'];
  const encoding = accepted ? negotiate(accepted.toLowerCase(), ENCODINGS) : null;
  const compressed = encoding ? body[encoding] : undefined;
  if (!encoding || !compressed) return reply.send(body.identity);
  return reply.header('content-encoding', encoding).send(compressed);
}
