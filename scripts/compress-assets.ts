/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of the client build, once, at
 * the strongest settings: the server sends them as they are (@fastify/static's preCompressed), so no request
 * pays for compression and brotli's best level (too slow per request) costs nothing.
 *
 * Usage: npx tsx scripts/compress-assets.ts [client build dir]   (run by `npm run build:web`)
 */
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// Text formats only: images and fonts (png, woff2) are compressed already. HTML is not served from files.
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|xml|webmanifest|wasm)$/;
// Below this, the bytes saved do not pay for the extra round of headers and file lookups.
const MIN_BYTES = 1024;
// A copy that saves less than this share of the original is not worth serving.
const MAX_RATIO = 0.9;

function* files(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    // Vite's manifest and the module lists are build records, never served.
    if (entry.name === '.vite') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile() && COMPRESSIBLE.test(entry.name)) yield full;
  }
}

const clientDir = path.resolve(process.argv[2] ?? 'dist/web/client');
if (!fs.existsSync(clientDir)) {
  console.error(`compress-assets: ${clientDir} does not exist: run vite build first`);
  process.exit(1);
}

const totals = { files: 0, raw: 0, br: 0, gzip: 0 };
for (const file of files(clientDir)) {
  const bytes = fs.readFileSync(file);
  if (bytes.length < MIN_BYTES) continue;
  const br = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  const gzip = gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION });
  if (br.length <= bytes.length * MAX_RATIO) fs.writeFileSync(`${file}.br`, br);
  if (gzip.length <= bytes.length * MAX_RATIO) fs.writeFileSync(`${file}.gz`, gzip);
  totals.files += 1;
  totals.raw += bytes.length;
  totals.br += Math.min(br.length, bytes.length);
  totals.gzip += Math.min(gzip.length, bytes.length);
}
console.log(
  `compress-assets: ${totals.files} files, ${totals.raw} B -> ${totals.br} B brotli, ${totals.gzip} B gzip`,
);
