import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { API_DOCUMENT_PATH } from '../src/server/plugins/api-description.ts';
import { withTestApp } from '../src/server/test-support/test-app.ts';

// `npm run lint:openapi`: the OpenAPI document the app serves, checked with Redocly's recommended rules
// (redocly.yaml). Any error fails; warnings are printed.
// The servers entry is PUBLIC_ORIGIN: one under a reserved name (RFC 2606), as a deployment would set it.
const LINTED_ORIGIN = 'https://sampark.invalid';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sampark-openapi-'));
try {
  const file = path.join(dir, 'openapi.json');
  await withTestApp('sqlite', { PUBLIC_ORIGIN: LINTED_ORIGIN }, async (t) => {
    const response = await t.app.inject({ url: API_DOCUMENT_PATH });
    if (response.statusCode !== 200) throw new Error(`${API_DOCUMENT_PATH} answered ${response.statusCode}`);
    fs.writeFileSync(file, response.body);
  });
  const redocly = path.join(
    path.dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')),
    'bin/cli.js',
  );
  const result = spawnSync(
    process.execPath,
    [
      redocly,
      'lint',
      file,
      '--config',
      path.resolve('redocly.yaml'),
      '--max-problems',
      '1000',
      '--format',
      'stylish',
    ],
    {
      stdio: 'inherit',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    },
  );
  process.exitCode = result.status ?? 1;
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
