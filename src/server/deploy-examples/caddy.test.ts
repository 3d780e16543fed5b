import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type Certificate,
  cleanUp,
  createSampark,
  DEPLOY_DIR,
  debianTool,
  type RunningSampark,
  readExample,
  request,
  run,
  SITE_NAME,
  selfSignedCertificate,
  substitute,
  tempDir,
} from '../test-support/deploy-examples.ts';
import {
  defineTwoInstanceChecks,
  freeProxyPorts,
  json,
  openssl,
  proxyInFrontOfOneSampark,
  type RunningProxy,
  startProxy,
} from '../test-support/proxied-site-checks.ts';

// deploy/Caddyfile and deploy/Caddyfile-instances checked by Debian's Caddy: `caddy validate` on the files
// as they are, then Caddy itself in front of running Sampark instances. For the runs, a global options
// block gives Caddy free ports on 127.0.0.1 instead of 80 and 443, a temporary storage and no admin
// endpoint, and a `tls` line gives it a self-signed certificate (made by openssl) instead of getting one
// from Let's Encrypt; the upstream addresses become the test instances'.

const caddy = debianTool('caddy', 'caddy');

/** Caddy keeps its state under HOME and the XDG directories: a temporary one, not the user's. */
function caddyEnv(dir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    HOME: dir,
    XDG_CONFIG_HOME: path.join(dir, 'config'),
    XDG_DATA_HOME: path.join(dir, 'data'),
  };
}

async function startCaddy(
  example: 'Caddyfile' | 'Caddyfile-instances',
  certificate: Certificate,
  upstreams: [string, string][],
  { debug = false } = {},
): Promise<RunningProxy> {
  const dir = tempDir('caddy');
  const ports = await freeProxyPorts();
  const global = [
    '{',
    '\tadmin off',
    ...(debug ? ['\tdebug'] : []),
    `\tstorage file_system ${path.join(dir, 'storage')}`,
    `\thttp_port ${ports.httpPort}`,
    `\thttps_port ${ports.httpsPort}`,
    '\tdefault_bind 127.0.0.1',
    '}',
    '',
  ].join('\n');
  const site = substitute(example, readExample(example), [
    [`${SITE_NAME} {`, `${SITE_NAME} {\n\ttls ${certificate.certFile} ${certificate.keyFile}\n`],
    ...upstreams,
  ]);
  const file = path.join(dir, 'Caddyfile');
  fs.writeFileSync(file, global + site);
  return startProxy(
    caddy.require(),
    ['run', '--config', file, '--adapter', 'caddyfile'],
    ports,
    caddyEnv(dir),
  );
}

afterAll(() => cleanUp());

describe.runIf(caddy.runChecks)('deploy/Caddyfile', () => {
  it.each(['Caddyfile', 'Caddyfile-instances'])(
    'passes `caddy validate` as it is, formatted: %s',
    (example) => {
      const validated = run(
        caddy,
        ['validate', '--config', path.join(DEPLOY_DIR, example), '--adapter', 'caddyfile'],
        caddyEnv(tempDir('caddy')),
      );
      expect(validated.stdout + validated.stderr).toContain('Valid configuration');
      // Caddy warns, among others, when the file is not formatted as `caddy fmt` would.
      expect(validated.stderr).not.toMatch(/"level":"(warn|error)"/);
      expect(validated.status).toBe(0);
    },
  );
});

describe.runIf(caddy.runChecks && openssl.runChecks)('deploy/Caddyfile in front of one Sampark', () => {
  proxyInFrontOfOneSampark(
    (certificate, sampark) =>
      startCaddy('Caddyfile', certificate, [['127.0.0.1:3000', `127.0.0.1:${sampark.port}`]]),
    308,
  );
});

describe.runIf(caddy.runChecks && openssl.runChecks)('deploy/Caddyfile while Sampark restarts', () => {
  let certificate: Certificate;
  let site: RunningProxy;
  const samparks: RunningSampark[] = [];
  afterAll(async () => {
    await site?.process.stop();
    await Promise.all(samparks.map((sampark) => sampark.close()));
  });

  it('holds a request that arrives while Sampark is down until it is back, instead of an error', async () => {
    certificate = selfSignedCertificate(openssl, tempDir('cert'));
    const before = await createSampark();
    samparks.push(before);
    await before.listen();
    // Debug logging shows each attempt to reach Sampark, so the test knows when one was refused.
    site = await startCaddy('Caddyfile', certificate, [['127.0.0.1:3000', `127.0.0.1:${before.port}`]], {
      debug: true,
    });
    const get = () => request({ port: site.httpsPort, ca: certificate.pem, path: '/api/health' });
    expect((await get()).status).toBe(200);

    // The new process is built beforehand: what the test times is Caddy's wait, not Sampark's start.
    const after = await createSampark();
    samparks.push(after);
    await before.close();
    const waiting = get();
    await site.process.waitForOutput(/"upstream roundtrip".*connection refused/);
    await after.listen(before.port);
    const response = await waiting;
    expect(response.status).toBe(200);
    expect(json(response)).toEqual({ status: 'ok' });
  });
});

describe.runIf(caddy.runChecks && openssl.runChecks)(
  'deploy/Caddyfile-instances in front of two instances',
  () => {
    defineTwoInstanceChecks((certificate, instances) =>
      startCaddy('Caddyfile-instances', certificate, [
        ['10.0.0.11:3000', `127.0.0.1:${instances.ports[0]}`],
        ['10.0.0.12:3000', `127.0.0.1:${instances.ports[1]}`],
      ]),
    );
  },
);
