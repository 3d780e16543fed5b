import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type Certificate,
  cleanUp,
  debianTool,
  readExample,
  request,
  run,
  SITE_NAME,
  substitute,
  tempDir,
} from '../test-support/deploy-examples.ts';
import {
  defineTwoInstanceChecks,
  freeProxyPorts,
  openssl,
  type ProxyPorts,
  proxyInFrontOfOneSampark,
  type RunningProxy,
  startProxy,
} from '../test-support/proxied-site-checks.ts';

// deploy/nginx.conf checked by Debian's nginx: `nginx -t`, then nginx itself in front of a running Sampark.
// The example is used as it is, but for what a test cannot have: ports 80 and 443 (free ports on
// 127.0.0.1 instead, and no IPv6 listeners), Let's Encrypt's certificate (a self-signed one made by
// openssl) and certbot's webroot (a temporary directory).

const nginx = debianTool('nginx', 'nginx');

const ACME_TOKEN = 'renewal-token-4711';

interface NginxSite extends RunningProxy {
  /** The arguments that start nginx with this site; with `-t` they test its configuration. */
  args: string[];
}

function siteConfig(certificate: Certificate, webroot: string, ports: ProxyPorts, upstreams: number[]) {
  return substitute('nginx.conf', readExample('nginx.conf'), [
    [`/etc/letsencrypt/live/${SITE_NAME}/fullchain.pem`, certificate.certFile],
    [`/etc/letsencrypt/live/${SITE_NAME}/privkey.pem`, certificate.keyFile],
    ['listen 443 ssl http2;', `listen 127.0.0.1:${ports.httpsPort} ssl http2;`],
    ['listen [::]:443 ssl http2;', ''],
    ['listen 80;', `listen 127.0.0.1:${ports.httpPort};`],
    ['listen [::]:80;', ''],
    ['root /var/www/html;', `root ${webroot};`],
    ['server 127.0.0.1:3000;', upstreams.map((port) => `server 127.0.0.1:${port};`).join('\n\t')],
  ]);
}

/** An nginx.conf like Debian's, in a temporary prefix, that includes the site. */
function mainConfig(dir: string, site: string): string {
  return [
    // Only root may change the workers' user; Debian's nginx package creates www-data.
    ...(process.getuid?.() === 0 ? ['user www-data;'] : []),
    `pid ${dir}/nginx.pid;`,
    'error_log stderr;',
    'daemon off;',
    'events { worker_connections 64; }',
    'http {',
    '  include /etc/nginx/mime.types;',
    '  default_type application/octet-stream;',
    '  access_log off;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
      (kind) => `  ${kind}_temp_path ${dir}/${kind};`,
    ),
    // Debian's nginx.conf turns gzip on for every site, with more types in comments that admins often
    // enable: the site must still leave compression to Sampark.
    '  gzip on;',
    '  gzip_proxied any;',
    '  gzip_types text/plain text/css application/json application/javascript text/xml application/xml;',
    `  include ${site};`,
    '}',
    '',
  ].join('\n');
}

/** Checks the configuration with `nginx -t`, then starts nginx with it and waits until it listens. */
async function startNginx(certificate: Certificate, upstreams: number[]): Promise<NginxSite> {
  const dir = tempDir('nginx');
  const webroot = path.join(dir, 'www');
  fs.mkdirSync(path.join(webroot, '.well-known', 'acme-challenge'), { recursive: true });
  fs.writeFileSync(path.join(webroot, '.well-known', 'acme-challenge', ACME_TOKEN), `${ACME_TOKEN}.key`);
  const ports = await freeProxyPorts();
  const site = path.join(dir, 'sampark.conf');
  fs.writeFileSync(site, siteConfig(certificate, webroot, ports, upstreams));
  fs.writeFileSync(path.join(dir, 'nginx.conf'), mainConfig(dir, site));
  const args = ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', 'stderr'];

  const tested = run(nginx, [...args, '-t']);
  expect(tested.stderr).toContain('test is successful');
  expect(tested.stderr).not.toMatch(/\[(warn|emerg|alert|crit|error)\]/);
  expect(tested.status).toBe(0);

  return { ...(await startProxy(nginx.require(), args, ports)), args };
}

afterAll(() => cleanUp());

describe.runIf(nginx.runChecks && openssl.runChecks)('deploy/nginx.conf in front of one Sampark', () => {
  const site = proxyInFrontOfOneSampark(
    (certificate, sampark) => startNginx(certificate, [sampark.port]),
    301,
  );

  it('serves certbot’s renewal challenge over plain HTTP', async () => {
    const response = await request({
      port: site().httpPort,
      path: `/.well-known/acme-challenge/${ACME_TOKEN}`,
    });
    expect(response.status).toBe(200);
    expect(response.body.toString()).toBe(`${ACME_TOKEN}.key`);
  });

  it('does not name its version', async () => {
    const response = await request({ port: site().httpsPort, ca: site().ca, path: '/api/health' });
    expect(response.headers.server).toBe('nginx');
  });
});

describe.runIf(nginx.runChecks && openssl.runChecks)(
  'deploy/nginx.conf with two instances in its upstream',
  () => {
    defineTwoInstanceChecks((certificate, instances) => startNginx(certificate, instances.ports));
  },
);
