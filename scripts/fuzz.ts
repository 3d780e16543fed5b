import { spawnSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Finding } from '../src/server/test-support/fuzz/harness.ts';
import { parseCommandLine } from './command-line.ts';

const SUITE = 'src/server/fuzz/openapi-fuzz.test.ts';
const REPORT_DIR = path.resolve('.tmp/fuzz');
const DEFAULT_RUNS = 500;

const USAGE = `Usage: npm run fuzz -- [--runs <n>] [--seed <n>]
  Sends generated bad requests to every operation of the OpenAPI document, the public pages and the raw
  HTTP parser, signed in and not, on SQLite and (with TEST_POSTGRES_URL) PostgreSQL: the suite ${SUITE}
  that npm test runs with 20 requests per operation. Fails on any 5xx, stack trace, error of another
  shape, echo of the input, missing security header or redirect off the site.
  --runs <n>   generated requests per operation (default ${DEFAULT_RUNS}; a page gets a quarter)
  --seed <n>   the seed of an earlier run, to send the same requests again (default: random)
Reports: ${path.relative(process.cwd(), REPORT_DIR)}/fuzz-<database>.json`;

const { values, fail, positiveInteger } = parseCommandLine(USAGE, {
  options: { runs: { type: 'string' }, seed: { type: 'string' } },
});
const runs = positiveInteger('runs', values.runs, DEFAULT_RUNS);
const seed = values.seed === undefined ? randomInt(2 ** 31) : Number(values.seed);
if (!Number.isInteger(seed)) fail('--seed must be an integer');

fs.rmSync(REPORT_DIR, { recursive: true, force: true });
const vitest = path.join(
  path.dirname(createRequire(import.meta.url).resolve('vitest/package.json')),
  'vitest.mjs',
);
const started = Date.now();
const result = spawnSync(process.execPath, [vitest, 'run', SUITE], {
  stdio: 'inherit',
  env: { ...process.env, FUZZ_RUNS: String(runs), FUZZ_SEED: String(seed), FUZZ_REPORT_DIR: REPORT_DIR },
});

interface Report {
  dialect: string;
  requests: number;
  statuses: Record<string, number>;
  findings: Finding[];
}

// The closing note: per database, the count of each status and the failures grouped by cause.
console.log(
  `\nFuzz run: seed ${seed}, ${runs} requests per operation, ${Math.round((Date.now() - started) / 1000)} s`,
);
const reports = fs.existsSync(REPORT_DIR)
  ? fs
      .readdirSync(REPORT_DIR)
      .map((file) => JSON.parse(fs.readFileSync(path.join(REPORT_DIR, file), 'utf8')) as Report)
  : [];
for (const report of reports) {
  const statuses = Object.entries(report.statuses)
    .map(([status, count]) => `${status}×${count}`)
    .join(' ');
  console.log(`\n${report.dialect}: ${report.requests} requests: ${statuses}`);
  const causes = new Map<string, { count: number; operations: Set<string> }>();
  for (const finding of report.findings) {
    const entry = causes.get(finding.cause) ?? { count: 0, operations: new Set<string>() };
    entry.count++;
    entry.operations.add(finding.operation);
    causes.set(finding.cause, entry);
  }
  if (causes.size === 0) console.log('  no answer broke the rules');
  for (const [cause, { count, operations }] of [...causes].sort(([, a], [, b]) => b.count - a.count)) {
    console.log(`  ${count}× ${cause}\n      in ${[...operations].join(', ')}`);
  }
}
if (reports.length === 0) console.log('No report was written: the suite did not run to its end.');
process.exit(result.status ?? 1);
