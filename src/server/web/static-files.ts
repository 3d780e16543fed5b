import { readdir } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

// Asset names carry a content hash, so a browser may keep them for good.
const ASSET_MAX_AGE = '365d';
const ROOT_FILE_MAX_AGE = '1h';
const ASSETS_PREFIX = '/assets/';

/**
 * The client build's files outside assets/ as paths relative to it (`favicon.svg`, `demo/blog/a.jpg`). Build
 * records (.vite/), the HTML the server renders itself and compressed copies are left out, and so is a
 * name a route path cannot hold as it is (`:` or `*` would make it a parameter).
 */
async function publicFiles(clientDir: string): Promise<string[]> {
  const entries = await readdir(clientDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) =>
      path.relative(clientDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
    )
    .filter(
      (file) =>
        !file.startsWith('assets/') &&
        !/\.(?:html|br|gz)$/.test(file) &&
        file.split('/').every((segment) => /^[\w-][\w.-]*$/.test(segment)),
    );
}

/** The client build's static files: hashed assets (immutable, compressed at build time) and the rest. */
export async function serveStaticFiles(app: FastifyInstance, clientDir: string): Promise<void> {
  // Static files are logged at debug (see request-log.ts); @fastify/static takes no route config of its own.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith(ASSETS_PREFIX)) route.config = { ...route.config, requestLog: 'debug' };
  });
  await app.register(fastifyStatic, {
    root: path.join(clientDir, 'assets'),
    prefix: ASSETS_PREFIX,
    index: false,
    maxAge: ASSET_MAX_AGE,
    immutable: true,
    // The build writes .br and .gz beside each compressible file (scripts/compress-assets.ts).
    preCompressed: true,
    schemaHide: true,
  });

  // The build's other files (favicon.svg, demo/blog/*.jpg: Vite copies public/ as it is): one route each, so
  // no catch-all is needed. A name the server answers itself (robots.txt, sitemap.xml) stays the server's.
  for (const file of await publicFiles(clientDir)) {
    if (app.hasRoute({ method: 'GET', url: `/${file}` })) continue;
    app.get(`/${file}`, { schema: { hide: true }, config: { requestLog: 'debug' } }, (_request, reply) =>
      reply.sendFile(file, clientDir, { maxAge: ROOT_FILE_MAX_AGE, immutable: false }),
    );
  }
}
