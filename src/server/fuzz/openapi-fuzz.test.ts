import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_EVENTS_PATH } from '../../shared/contracts/live-events.ts';
import {
  catalogueRequests,
  fuzzRequest,
  pageOperation,
  pageRequest,
} from '../test-support/fuzz/arbitraries.ts';
import {
  createFuzzHarness,
  describeApi,
  type Finding,
  type FuzzHarness,
  findingsReport,
  fuzzSettings,
  operationLabel,
  pagePaths,
  rawRequest,
  routeKey,
  statusSummary,
} from '../test-support/fuzz/harness.ts';
import { WEB_BUILT as built, WEB_DIST_DIR } from '../test-support/rendered-pages.ts';
import { TEST_DIALECTS } from '../test-support/test-app.ts';
import { testRedisUrl } from '../test-support/test-redis.ts';

// Every operation of the OpenAPI document (and each public page) gets its catalogue of known breakers,
// signed in, then FUZZ_RUNS generated bad requests (default 20), each sent signed in and not, on every
// test database; `npm run fuzz` sends many more. A failure names the seed: FUZZ_SEED=<seed> with
// -t '<operation>' sends the same requests again.
const { runs, seed } = fuzzSettings();
const { operations, apiRoutes } = await describeApi();
// Per operation: fixtures, the catalogue and sign-ins, then at most about 300 ms per pair of requests.
const timeout = 60_000 + runs * 300;

/**
 * Answers that never end by design (the back office's event stream): a fuzzed request signed in would wait
 * forever. Its refusals (401, 429) are checked by live-events.test.ts; it takes no input to fuzz.
 */
const NEVER_ENDING = new Set([`GET ${LIVE_EVENTS_PATH}`]);

function expectNoFindings(findings: Finding[]) {
  if (findings.length === 0) return;
  throw new Error(
    `${findings.length} answer(s) broke the rules (FUZZ_SEED=${seed} repeats this run):\n${findingsReport(findings)}`,
  );
}

describe('the OpenAPI document the fuzzer reads', () => {
  it('describes every API route, so none escapes the fuzzer', () => {
    const described = new Set(operations.map(routeKey));
    const undescribed = apiRoutes.map(routeKey).filter((key) => !described.has(key));
    expect(undescribed).toEqual([]);
    expect(new Set(apiRoutes.map(routeKey))).toEqual(described);
    expect(operations.length).toBeGreaterThanOrEqual(39);
  });
});

describe.each(TEST_DIALECTS)('fuzzing every operation on %s', (dialect) => {
  let harness: FuzzHarness;
  beforeAll(async () => {
    // PostgreSQL as several instances run it, with their limits in Redis when the tests have one.
    const redisUrl = dialect === 'postgres' && process.env.TEST_REDIS_URL ? testRedisUrl() : undefined;
    harness = await createFuzzHarness(dialect, {
      ...(built ? { webDistDir: WEB_DIST_DIR } : {}),
      env: redisUrl ? { REDIS_URL: redisUrl } : {},
    });
  });
  afterAll(async () => {
    if (!harness) return;
    console.log(
      `fuzz ${dialect} (seed ${seed}, ${runs} runs per operation): ${statusSummary(harness.stats)}`,
    );
    if (harness.stats.findings.length > 0) {
      console.log(`fuzz ${dialect} findings by cause:\n${findingsReport(harness.stats.findings)}`);
    }
    const reportDir = process.env.FUZZ_REPORT_DIR;
    if (reportDir) {
      fs.mkdirSync(reportDir, { recursive: true });
      const { requests, statuses, findings } = harness.stats;
      const report = { dialect, seed, runs, requests, statuses: Object.fromEntries(statuses), findings };
      fs.writeFileSync(path.join(reportDir, `fuzz-${dialect}.json`), JSON.stringify(report, null, 2));
    }
    await harness.close();
  });

  it.each(
    operations
      .filter((operation) => !NEVER_ENDING.has(operationLabel(operation)))
      .map((operation) => [operationLabel(operation), operation] as const),
  )(
    '%s',
    async (label, operation) => {
      const findings = await harness.fuzz(label, (fixtures) => fuzzRequest(operation, fixtures), {
        runs,
        seed,
        fixtures: operation.pathParams.length > 0,
        catalogue: (fixtures) => catalogueRequests(operation, fixtures),
      });
      expectNoFindings(findings);
    },
    timeout,
  );

  it.each(pagePaths(built))(
    'page %s',
    async (pagePath) => {
      // Every page goes through the one server-rendering route: a quarter of the runs each is plenty.
      const findings = await harness.fuzz(`page ${pagePath}`, (fixtures) => pageRequest(pagePath, fixtures), {
        runs: Math.max(5, Math.ceil(runs / 4)),
        seed,
        fixtures: pagePath.includes('{'),
        catalogue: (fixtures) => catalogueRequests(pageOperation(pagePath), fixtures),
      });
      expectNoFindings(findings);
    },
    timeout,
  );

  it(
    'raw HTTP requests',
    async () => {
      expectNoFindings(await harness.fuzzRaw(rawRequest, { runs: Math.max(runs, 40), seed }));
    },
    timeout,
  );
});
