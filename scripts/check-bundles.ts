/**
 * Checks the client build of the public site, page by page:
 * - no public page can ever download admin or server code (any chunk it loads, now or on demand);
 * - no public page loads a library kept for the admin app (zod, react-hook-form, TanStack Query, sonner,
 *   radix) with the page itself;
 * - each page's JavaScript stays within its budget, measured as a browser downloads it: every file
 *   compressed on its own with brotli (quality 11) — gzip is shown for comparison.
 *
 * The pages are the page table's (src/shared/pages/public-pages.ts), one row per lazy page module. A page
 * loads the public entry (index.html's script) with everything it imports statically, plus its own lazy
 * route chunk (routes.tsx) with that chunk's static imports. Chunks a page imports dynamically (a
 * dialog opened on demand) are listed separately and checked for forbidden code, outside the budget.
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
import {
  PUBLIC_ISLANDS,
  PUBLIC_PAGES,
  PUBLIC_PAGES_DIR,
  publicPageFile,
} from '../src/shared/pages/public-pages.ts';
import {
  BROKEN_PICTURES_MODULE,
  PAGE_START_MODULE,
  publicEntryKey,
  withStaticImports,
} from './vite-manifest.ts';

type ChunkModules = Record<string, { id: string; renderedLength: number }[]>;

/**
 * Each lazy page module with the paths it renders (the game's module renders two) and whether the app
 * hydrates it (decision 062; the rows of one module agree, or the check fails).
 */
const PUBLIC_PAGE_MODULES = new Map<string, { paths: string[]; hydration: 'app' | 'islands' }>();
for (const page of Object.values(PUBLIC_PAGES)) {
  if (page.chunk !== 'page') continue;
  const module = publicPageFile(page);
  const known = PUBLIC_PAGE_MODULES.get(module);
  if (known && known.hydration !== page.hydration) {
    throw new Error(`${module}: its pages disagree on their hydration`);
  }
  PUBLIC_PAGE_MODULES.set(module, { paths: [...(known?.paths ?? []), page.path], hydration: page.hydration });
}

/** Code that no public page may ever download. */
const FORBIDDEN_PREFIXES = ['src/web/admin/', 'src/web/features/admin-', 'src/server/'];
/** Libraries the admin app uses that would blow a public page's budget if it loaded them up front. */
const ADMIN_ONLY_LIBRARIES = [
  'node_modules/zod/',
  'node_modules/react-hook-form/',
  'node_modules/@hookform/',
  'node_modules/@tanstack/',
  'node_modules/sonner/',
  'node_modules/radix-ui/',
  'node_modules/@radix-ui/',
];
// Visitors are mostly on phones on mobile data: each page's weight is a budget, not a hope.
/** A page the app hydrates: none since the contact form's own page is a page of islands (decision 062). */
const PAGE_JS_BUDGET_BROTLI_BYTES = 100 * 1024;
/**
 * A page that hydrates only its islands (decision 062) fetches the module that starts it, with the chrome's
 * plain behaviours, before any interaction; its islands load on demand, outside this budget.
 */
const ISLANDS_PAGE_JS_BUDGET_BROTLI_BYTES = 15 * 1024;
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

const entryKey = publicEntryKey(manifest);
if (!entryKey) fail('the manifest has no entry for index.html');
if (!manifest[PAGE_START_MODULE]) fail(`the manifest has no chunk for ${PAGE_START_MODULE}`);
// Every page downloads the small module that starts it (decision 044); a page the app hydrates, the entry too.
// A page of islands with a post's picture imports one more module (counted on every such page: an upper bound).
const startChunks = withStaticImports(manifest, [PAGE_START_MODULE, BROKEN_PICTURES_MODULE]);
const entryChunks = withStaticImports(manifest, [entryKey, PAGE_START_MODULE]);

// A page chunk nobody listed would escape the budget: every lazy page must be in the page table.
const unlisted = Object.keys(manifest).filter(
  (key) => key.startsWith(PUBLIC_PAGES_DIR) && manifest[key]?.isDynamicEntry && !PUBLIC_PAGE_MODULES.has(key),
);
if (unlisted.length > 0) {
  fail(
    `lazy public pages missing from the page table (src/shared/pages/public-pages.ts): ${unlisted.join(', ')}`,
  );
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

for (const [module, { paths, hydration }] of PUBLIC_PAGE_MODULES) {
  const page = paths.join(', ');
  if (!manifest[module]) {
    problems.push(`${page}: ${module} is not a chunk of the build (is the route still lazy?)`);
    continue;
  }
  const islands = hydration === 'islands';
  const budget = islands ? ISLANDS_PAGE_JS_BUDGET_BROTLI_BYTES : PAGE_JS_BUDGET_BROTLI_BYTES;
  // An islands page's own module is rendered by the server only; a client navigation of the app may load it.
  const pageChunks = islands ? startChunks : withStaticImports(manifest, [...entryChunks, module]);
  const js = new Set<string>();
  const css = new Set<string>();
  for (const key of pageChunks) {
    js.add(chunk(key).file);
    for (const file of chunk(key).css ?? []) css.add(file);
    for (const { id } of modulesOf(key)) {
      if (FORBIDDEN_PREFIXES.some((prefix) => id.startsWith(prefix))) {
        problems.push(`${page}: ${chunk(key).file} contains ${id}, which public pages must never load`);
      } else if (ADMIN_ONLY_LIBRARIES.some((prefix) => id.includes(prefix))) {
        problems.push(
          `${page}: ${chunk(key).file} loads ${id} with the page; import it lazily or not at all`,
        );
      }
    }
  }

  // Chunks the page may load later (on demand): checked for forbidden code, reported outside the budget.
  const onDemand = new Set<string>();
  const pending = [...pageChunks].flatMap((key) => chunk(key).dynamicImports ?? []);
  while (pending.length > 0) {
    const key = pending.pop()!;
    if (onDemand.has(key) || pageChunks.has(key)) continue;
    // Other pages' lazy route chunks are measured as pages of their own.
    if (PUBLIC_PAGE_MODULES.has(key)) continue;
    onDemand.add(key);
    pending.push(...(chunk(key).imports ?? []), ...(chunk(key).dynamicImports ?? []));
  }
  for (const key of onDemand) {
    for (const { id } of modulesOf(key)) {
      if (FORBIDDEN_PREFIXES.some((prefix) => id.startsWith(prefix))) {
        problems.push(`${page}: ${chunk(key).file} (on demand) contains ${id}`);
      }
    }
  }

  const jsSize = total(js);
  const cssSize = total(css);
  const onDemandSize = total([...onDemand].map((key) => chunk(key).file));
  if (jsSize.brotli > budget) {
    problems.push(`${page}: ${kb(jsSize.brotli)} of JavaScript (brotli), over the budget of ${kb(budget)}`);
  }
  rows.push(
    [
      page.padEnd(26),
      `${kb(jsSize.brotli).padStart(9)} ${kb(jsSize.gzip).padStart(9)} ${kb(jsSize.raw).padStart(9)}`,
      `${kb(cssSize.brotli).padStart(9)} ${kb(cssSize.gzip).padStart(9)}`,
      onDemand.size === 0 ? '' : `  +${kb(onDemandSize.brotli)} on demand (${onDemand.size} chunks)`,
    ].join('  '),
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
  for (const key of chunks) {
    for (const { id: module } of modulesOf(key)) {
      if (FORBIDDEN_PREFIXES.some((prefix) => module.startsWith(prefix))) {
        problems.push(`${name}: ${chunk(key).file} contains ${module}, which public pages must never load`);
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

console.log('check-bundles: what each public page downloads (every file compressed on its own)');
console.log(
  `${'page'.padEnd(26)}  ${'JS brotli'.padStart(9)} ${'gzip'.padStart(9)} ${'raw'.padStart(9)}  ${'CSS brotli'.padStart(9)} ${'gzip'.padStart(9)}`,
);
for (const row of rows) console.log(row);

if (problems.length > 0) {
  fail(
    `${problems.length} problem(s):\n  ${problems.join('\n  ')}\n` +
      'Import admin code only from the admin entry, server code never from web code, and keep each page ' +
      `within ${kb(PAGE_JS_BUDGET_BROTLI_BYTES)} of brotli-compressed JavaScript ` +
      `(${kb(ISLANDS_PAGE_JS_BUDGET_BROTLI_BYTES)} for a page of islands, ${kb(ISLAND_JS_BUDGET_BROTLI_BYTES)} for an island).`,
  );
}
console.log(
  `check-bundles: no public page loads admin or server code, and each is within its budget of JavaScript (brotli): ${kb(PAGE_JS_BUDGET_BROTLI_BYTES)}, ${kb(ISLANDS_PAGE_JS_BUDGET_BROTLI_BYTES)} for a page of islands, ${kb(ISLAND_JS_BUDGET_BROTLI_BYTES)} for an island.`,
);
