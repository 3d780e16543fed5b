import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigSchema, databaseTarget, loadConfig } from '../config.ts';
import {
  cleanUp,
  DEPLOY_DIR,
  debianTool,
  exampleEnv,
  LARGEST_BODY_LIMIT_BYTES,
  readExample,
  run,
  substitute,
  tempDir,
  unitSettings,
} from '../test-support/deploy-examples.ts';

// deploy/sampark.service checked by systemd's own tools, and deploy/sampark.env.example by Sampark's
// configuration. There is no systemd running here to start the unit under: `systemd-analyze verify`
// reads it as systemd would (unknown keys, wrong values, a missing binary) and `systemd-analyze security`
// rates its hardening.

const systemdAnalyze = debianTool('systemd-analyze', 'systemd');

afterAll(() => cleanUp());

const unit = readExample('sampark.service');
const settings = unitSettings(unit);
const setting = (name: string) => settings.get(name)?.at(-1);

/**
 * The unit with Node's path on this machine: `verify` fails when ExecStart's program does not exist, and
 * CI's Node need not be at /usr/bin/node. Nothing else is changed.
 */
function unitForThisMachine(): string {
  const dir = tempDir('systemd');
  const file = path.join(dir, 'sampark.service');
  fs.writeFileSync(
    file,
    substitute('sampark.service', unit, [['ExecStart=/usr/bin/node ', `ExecStart=${process.execPath} `]]),
  );
  return file;
}

describe.runIf(systemdAnalyze.runChecks)('deploy/sampark.service', () => {
  it('passes `systemd-analyze verify` without a warning', () => {
    const verified = run(systemdAnalyze, ['verify', '--man=no', unitForThisMachine()]);
    expect(verified.stderr + verified.stdout).toBe('');
    expect(verified.status).toBe(0);
  });

  it('is rated OK by `systemd-analyze security` (exposure at most 2 of 10)', () => {
    const rated = run(systemdAnalyze, ['security', '--offline=true', '--no-pager', unitForThisMachine()]);
    expect(rated.status, rated.stderr).toBe(0);
    const exposure = /Overall exposure level for sampark\.service: (\d+\.\d+)/.exec(rated.stdout);
    expect(exposure, rated.stdout).not.toBeNull();
    expect(Number(exposure![1])).toBeLessThanOrEqual(2);
  });
});

describe('deploy/sampark.service and deploy/sampark.env.example together', () => {
  it('start the production build the way `npm start` does', () => {
    const packageJson = JSON.parse(fs.readFileSync(path.join(DEPLOY_DIR, '..', 'package.json'), 'utf8'));
    expect(setting('Service.ExecStart')).toBe(`/usr/bin/${packageJson.scripts.start}`);
    expect(setting('Service.EnvironmentFile')).toBe('/etc/sampark/sampark.env');
    expect(setting('Service.Environment')).toBe('NODE_ENV=production');
  });

  it('let the service write where the example puts its database, and nowhere else', () => {
    const target = databaseTarget(exampleEnv().DATABASE_URL!);
    expect(target.dialect).toBe('sqlite');
    const filename = target.dialect === 'sqlite' ? target.filename : '';
    expect(setting('Service.ProtectSystem')).toBe('strict');
    expect(settings.get('Service.ReadWritePaths')).toEqual([path.dirname(filename)]);
    expect(path.dirname(filename).startsWith(`${setting('Service.WorkingDirectory')}/`)).toBe(true);
  });

  it('give Sampark longer to stop than its own 10 s shutdown deadline, and let V8 compile code', () => {
    expect(setting('Service.KillSignal')).toBe('SIGTERM');
    const timeout = /^(\d+)s$/.exec(setting('Service.TimeoutStopSec') ?? '');
    expect(Number(timeout?.[1])).toBeGreaterThan(10);
    // V8's JIT needs memory that is written, then executed: MemoryDenyWriteExecute=yes stops Node.
    expect(settings.has('Service.MemoryDenyWriteExecute')).toBe(false);
  });

  it('set only variables Sampark knows, to values it accepts, for HTTPS behind a proxy on this machine', () => {
    const env = exampleEnv();
    const known = new Set(Object.keys(ConfigSchema.shape));
    expect(Object.keys(env).filter((name) => !known.has(name))).toEqual([]);
    const config = loadConfig(env);
    expect(config.PUBLIC_ORIGIN).toMatch(/^https:\/\//);
    expect(config.HOST).toBe('127.0.0.1');
    expect(config.TRUST_PROXY).toBe('127.0.0.1');
  });

  it('name the largest body limit the proxy checks assume', () => {
    expect(loadConfig({ BODY_LIMIT_BYTES: String(LARGEST_BODY_LIMIT_BYTES) }).BODY_LIMIT_BYTES).toBe(
      LARGEST_BODY_LIMIT_BYTES,
    );
    expect(() => loadConfig({ BODY_LIMIT_BYTES: String(LARGEST_BODY_LIMIT_BYTES + 1) })).toThrow(
      /BODY_LIMIT_BYTES/,
    );
  });
});
