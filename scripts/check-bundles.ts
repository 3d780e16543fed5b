/**
 * Checks the client build of the public site (decision 062): every public page is rendered by the server and
 * brings only its islands to life, so what a page downloads before any interaction is the module that starts
 * it (with a post's picture's module), and each island comes on intent.
 * - no public page or island can ever download admin or server code (any chunk it loads, now or on demand);
 * - none loads a library kept for the admin app (zod, react-hook-form, TanStack Query, sonner, radix) or the
 *   router: zod comes only with the contact form's check, once a person types, outside an island's budget;
 * - no public page's module or route table is in the client build (the browser runs no router for them);
 * - what every page fetches before any interaction, and each island, stays within its budget, measured as a
 *   browser downloads it: every file compressed on its own with brotli (quality 11) — gzip is shown for
 *   comparison.
 *
 * Reads Vite's manifest (dist/web/client/.vite/manifest.json) and the per-chunk module list written by the
 * `sampark:chunk-modules` plugin in vite.config.ts.
 *
 * Usage: npx tsx scripts/check-bundles.ts [client build dir]
 */
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Manifest, ManifestChunk } from 'vite';
import { PUBLIC_ISLANDS } from '../src/shared/pages/public-pages.ts';
import { BROKEN_PICTURES_MODULE, PAGE_START_MODULE, withStaticImports } from './vite-manifest.ts';

type ChunkModules = Record<string, { id: string; renderedLength: number }[]>;

/** Code that no public page may ever download. */
const FORBIDDEN_PREFIXES = ['src/web/admin/', 'src/web/features/admin-', 'src/server/'];
/**
 * Libraries the admin app uses that would blow a public page's budget if it loaded them up front, and the
 * router, which no public page runs in the browser (decision 062).
 */
const ADMIN_ONLY_LIBRARIES = [
  'node_modules/react-router/',
  'node_modules/zod/',
  'node_modules/react-hook-form/',
  'node_modules/@hookform/',
  'node_modules/@tanstack/',
  'node_modules/sonner/',
  'node_modules/radix-ui/',
  'node_modules/@radix-ui/',
];
// Visitors are mostly on phones on mobile data: each page's weight is a budget, not a hope.
/**
 * A public page fetches the module that starts it, with the chrome's plain behaviours, before any interaction
 * (decision 062); its islands load on intent, outside this budget.
 */
const PAGE_JS_BUDGET_BROTLI_BYTES = 15 * 1024;
/**
 * An island, with React and all it imports, fetched when a visitor reaches for it (decision 062); what it
 * fetches later (the contact form's check, once a person types) is outside it.
 */
const ISLAND_JS_BUDGET_BROTLI_BYTES = 80 * 1024;

function fail(message: string): never {
  console.error(`check-bundles: ${message}`);
  process.exit(1);
}

function readJson<T>(file: string, missing: string): T {
  if (!fs.existsSync(file)) fail(`${file} is missing: ${missing}`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
}

const clientDir = path.resolve(process.argv[2] ?? 'dist/web/client');
const manifest = readJson<Manifest>(
  path.join(clientDir, '.vite/manifest.json'),
  'run `npm run build:web` first',
);
const chunkModules = readJson<ChunkModules>(
  path.join(clientDir, '.vite/chunk-modules.json'),
  'the sampark:chunk-modules plugin in vite.config.ts writes it during `vite build`',
);

function chunk(key: string): ManifestChunk {
  const found = manifest[key];
  if (!found) fail(`the manifest refers to ${key} but does not describe it`);
  return found;
}

if (!manifest[PAGE_START_MODULE]) fail(`the manifest has no chunk for ${PAGE_START_MODULE}`);
// Every page downloads the small module that starts it (decision 044). A page with a post's picture imports one
// more module: counted for every page (an upper bound).
const startChunks = withStaticImports(manifest, [PAGE_START_MODULE, BROKEN_PICTURES_MODULE]);

// The server renders the public pages and the browser hydrates only their islands: a page's module or the
// route table in the client build would mean a public page runs the app again.
const appModules = Object.keys(manifest).filter(
  (key) => key.startsWith('src/web/public/pages/') || key === 'src/web/public/routes.tsx',
);
if (appModules.length > 0) {
  fail(`the client build has public pages' modules, which only the server renders: ${appModules.join(', ')}`);
}

interface Size {
  raw: number;
  gzip: number;
  brotli: number;
}
const sizeCache = new Map<string, Size>();
function fileSize(file: string): Size {
  let size = sizeCache.get(file);
  if (!size) {
    const bytes = fs.readFileSync(path.join(clientDir, file));
    size = {
      raw: bytes.length,
      gzip: gzipSync(bytes, { level: 9 }).length,
      brotli: brotliCompressSync(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }).length,
    };
    sizeCache.set(file, size);
  }
  return size;
}
function total(files: Iterable<string>): Size {
  const sum: Size = { raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    const size = fileSize(file);
    sum.raw += size.raw;
    sum.gzip += size.gzip;
    sum.brotli += size.brotli;
  }
  return sum;
}

function modulesOf(key: string): { id: string }[] {
  const file = chunk(key).file;
  const modules = chunkModules[file];
  if (!modules) fail(`${file}: no module list (is chunk-modules.json from the same build?)`);
  return modules;
}

const problems: string[] = [];
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const rows: string[] = [];

/** The problems of what `name` downloads: code no public page may load, and libraries it must not load. */
function checkModules(name: string, keys: Iterable<string>): void {
  for (const key of keys) {
    for (const { id } of modulesOf(key)) {
      if (FORBIDDEN_PREFIXES.some((prefix) => id.startsWith(prefix))) {
        problems.push(`${name}: ${chunk(key).file} contains ${id}, which public pages must never load`);
      } else if (ADMIN_ONLY_LIBRARIES.some((prefix) => id.includes(prefix))) {
        problems.push(`${name}: ${chunk(key).file} loads ${id}; import it lazily or not at all`);
      }
    }
  }
}

{
  const name = 'every public page';
  checkModules(name, startChunks);
  const js = total([...startChunks].map((key) => chunk(key).file));
  if (js.brotli > PAGE_JS_BUDGET_BROTLI_BYTES) {
    problems.push(
      `${name}: ${kb(js.brotli)} of JavaScript (brotli), over the budget of ${kb(PAGE_JS_BUDGET_BROTLI_BYTES)}`,
    );
  }
  rows.push(
    `${name.padEnd(26)}  ${kb(js.brotli).padStart(9)} ${kb(js.gzip).padStart(9)} ${kb(js.raw).padStart(9)}  (before any interaction)`,
  );
}

// Each island with everything it imports that its page has not loaded already.
for (const [id, island] of Object.entries(PUBLIC_ISLANDS)) {
  const name = `island ${id}`;
  if (!manifest[island.module]) {
    problems.push(`${name}: ${island.module} is not an input of the build (vite.config.ts)`);
    continue;
  }
  const chunks = [...withStaticImports(manifest, [island.module])].filter((key) => !startChunks.has(key));
  checkModules(name, chunks);
  // What it fetches later (the contact form's check, with the schema library): never admin or server code.
  const later = new Set<string>();
  const pending = chunks.flatMap((key) => chunk(key).dynamicImports ?? []);
  while (pending.length > 0) {
    const key = pending.pop()!;
    if (later.has(key) || chunks.includes(key) || startChunks.has(key)) continue;
    later.add(key);
    pending.push(...(chunk(key).imports ?? []), ...(chunk(key).dynamicImports ?? []));
  }
  for (const key of later) {
    for (const { id: module } of modulesOf(key)) {
      if (FORBIDDEN_PREFIXES.some((prefix) => module.startsWith(prefix))) {
        problems.push(`${name}: ${chunk(key).file} (on demand) contains ${module}`);
      }
    }
  }
  const size = total(chunks.map((key) => chunk(key).file));
  if (size.brotli > ISLAND_JS_BUDGET_BROTLI_BYTES) {
    problems.push(
      `${name}: ${kb(size.brotli)} of JavaScript (brotli), over the budget of ${kb(ISLAND_JS_BUDGET_BROTLI_BYTES)}`,
    );
  }
  rows.push(
    `${name.padEnd(26)}  ${kb(size.brotli).padStart(9)} ${kb(size.gzip).padStart(9)} ${kb(size.raw).padStart(9)}  (on intent)`,
  );
}

console.log('check-bundles: what the public pages download (every file compressed on its own)');
console.log(`${'what'.padEnd(26)}  ${'JS brotli'.padStart(9)} ${'gzip'.padStart(9)} ${'raw'.padStart(9)}`);
for (const row of rows) console.log(row);

if (problems.length > 0) {
  fail(
    `${problems.length} problem(s):\n  ${problems.join('\n  ')}\n` +
      'Import admin code only from the admin entry, server code never from web code, and keep what every ' +
      `public page fetches before any interaction within ${kb(PAGE_JS_BUDGET_BROTLI_BYTES)} of brotli-compressed ` +
      `JavaScript, and each island within ${kb(ISLAND_JS_BUDGET_BROTLI_BYTES)}.`,
  );
}
console.log(
  `check-bundles: no public page loads admin or server code or the router, and each is within its budget of JavaScript (brotli): ${kb(PAGE_JS_BUDGET_BROTLI_BYTES)} before any interaction, ${kb(ISLAND_JS_BUDGET_BROTLI_BYTES)} for an island.`,
);
