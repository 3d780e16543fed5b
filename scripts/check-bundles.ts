/**
 * Checks the client build: no admin or server code may be downloaded by a public page.
 * Reads Vite's manifest (dist/web/client/.vite/manifest.json) and the per-chunk module list written by the
 * `sampark:chunk-modules` plugin in vite.config.ts, walks every chunk the public entry imports statically,
 * and fails when one of them holds a module from a forbidden folder. Prints the public entry's gzipped size.
 *
 * Usage: npx tsx scripts/check-bundles.ts [client build dir]
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;
type ChunkModules = Record<string, { id: string; renderedLength: number }[]>;

const PUBLIC_ENTRY = 'index.html';
const FORBIDDEN_PREFIXES = ['src/web/admin/', 'src/web/features/admin-', 'src/server/'];

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

const entryKey = Object.keys(manifest).find(
  (key) => manifest[key]?.isEntry && manifest[key]?.src === PUBLIC_ENTRY,
);
if (!entryKey) fail(`the manifest has no entry for ${PUBLIC_ENTRY}`);

// Every chunk loaded with the page: the entry and what it imports statically, transitively.
const reachable = new Set<string>();
const pending = [entryKey];
while (pending.length > 0) {
  const key = pending.pop()!;
  if (reachable.has(key)) continue;
  const chunk = manifest[key];
  if (!chunk) fail(`the manifest refers to ${key} but does not describe it`);
  reachable.add(key);
  pending.push(...(chunk.imports ?? []));
}

const problems: string[] = [];
const jsFiles = new Set<string>();
const cssFiles = new Set<string>();
for (const key of reachable) {
  const chunk = manifest[key]!;
  jsFiles.add(chunk.file);
  for (const css of chunk.css ?? []) cssFiles.add(css);
  const modules = chunkModules[chunk.file];
  if (!modules) {
    problems.push(`${chunk.file}: no module list (is chunk-modules.json from the same build?)`);
    continue;
  }
  for (const { id } of modules) {
    if (FORBIDDEN_PREFIXES.some((prefix) => id.startsWith(prefix))) {
      problems.push(`${chunk.file} contains ${id}`);
    }
  }
}

if (problems.length > 0) {
  fail(
    `the public entry (${PUBLIC_ENTRY}) loads code it must not (${FORBIDDEN_PREFIXES.join(', ')}):\n  ${problems.join('\n  ')}\n` +
      'Import admin code only from the admin entry, and server code never from web code.',
  );
}

function sizes(files: Iterable<string>): { raw: number; gzip: number } {
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const bytes = fs.readFileSync(path.join(clientDir, file));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { raw, gzip };
}

const js = sizes(jsFiles);
const css = sizes(cssFiles);
const row = (label: string, size: { raw: number; gzip: number }) =>
  `  ${label.padEnd(6)} ${String(size.gzip).padStart(8)} B gzipped  (${size.raw} B raw)`;
console.log(
  `check-bundles: the public entry loads no admin or server code (${reachable.size} chunks checked).`,
);
console.log(`Public entry (${PUBLIC_ENTRY}): ${[...jsFiles, ...cssFiles].join(', ')}`);
console.log(row('JS', js));
console.log(row('CSS', css));
console.log(row('Total', { raw: js.raw + css.raw, gzip: js.gzip + css.gzip }));

// Staff and visitors are mostly on phones on mobile data: the public page's weight is a budget, not a hope.
const PUBLIC_JS_BUDGET_GZIP_BYTES = 120 * 1024;
if (js.gzip > PUBLIC_JS_BUDGET_GZIP_BYTES) {
  fail(
    `the public entry's JavaScript is ${js.gzip} B gzipped, over its budget of ${PUBLIC_JS_BUDGET_GZIP_BYTES} B: ` +
      'look for a library that public pages import by accident (zod, an admin-only component library).',
  );
}
console.log(`  budget   ${PUBLIC_JS_BUDGET_GZIP_BYTES} B gzipped for the public JavaScript: within it.`);
