import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface WebBuildFixture {
  /** The directory to give as WEB_DIST_DIR. */
  dir: string;
  /** Paths the server answers from files: a script, a large file, a file at the root. */
  paths: { script: string; large: string; rootFile: string };
  largeBytes: number;
  remove(): void;
}

/**
 * A web build as `npm run build:web` lays it out (the page template, the admin shell, hashed assets, files at
 * the root, the server bundle), with a server bundle that renders a small page from the same data context as
 * the real one. For tests of how the server serves and logs pages and files, without a 20-second build.
 */
export function createWebBuildFixture({ largeBytes = 1024 }: { largeBytes?: number } = {}): WebBuildFixture {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sampark-web-'));
  const client = path.join(dir, 'client');
  fs.mkdirSync(path.join(client, 'assets'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'server'));
  fs.writeFileSync(
    path.join(client, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><!--ssr-head--></head>' +
      '<body><div id="root"><!--ssr-app--></div></body></html>',
  );
  fs.writeFileSync(
    path.join(client, 'admin.html'),
    '<!doctype html><title>Admin</title><div id="root"></div>',
  );
  fs.writeFileSync(path.join(client, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(path.join(client, 'assets', 'app-f1x7.js'), 'console.log("app");\n');
  fs.writeFileSync(path.join(client, 'assets', 'large-f1x7.bin'), Buffer.alloc(largeBytes, 7));
  fs.writeFileSync(
    path.join(dir, 'server', 'entry-server.js'),
    `export async function render({ url, context }) {
  const channels = await context.activeContacts();
  const { brandName } = await context.siteSettings();
  const found = !new URL(url).pathname.startsWith('/missing');
  return {
    kind: 'page',
    status: found ? 200 : 404,
    head: '<title>' + brandName + '</title>',
    html: '<main><h1>' + brandName + '</h1><p>' + channels.length + ' channels</p></main>',
  };
}
`,
  );
  return {
    dir,
    paths: { script: '/assets/app-f1x7.js', large: '/assets/large-f1x7.bin', rootFile: '/logo.svg' },
    largeBytes,
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
