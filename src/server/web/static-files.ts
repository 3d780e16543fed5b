import { readdir } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { access, declareAccessOfPluginRoutes } from '../plugins/access.ts';

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
  // A scope of their own, so that @fastify/static's routes, which take no config of ours, get theirs here.
  await app.register(async (scope) => {
    declareAccessOfPluginRoutes(scope, access.public);
    // Static files are logged at debug (see request-log.ts).
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, requestLog: 'debug' };
    });
    await scope.register(fastifyStatic, {
      root: path.join(clientDir, 'assets'),
      prefix: ASSETS_PREFIX,
      index: false,
      maxAge: ASSET_MAX_AGE,
      immutable: true,
      // The build writes .br and .gz beside each compressible file (scripts/compress-assets.ts).
      preCompressed: true,
      schemaHide: true,
    });

    // The build's other files (favicon.svg, demo/blog/*.jpg: Vite copies public/ as it is): one route each,
    // so no catch-all is needed. A name the server answers itself (robots.txt, sitemap.xml) stays the server's.
    for (const file of await publicFiles(clientDir)) {
      if (scope.hasRoute({ method: 'GET', url: `/${file}` })) continue;
      scope.get(
        `/${file}`,
        { schema: { hide: true }, config: { access: access.public } },
        (_request, reply) => reply.sendFile(file, clientDir, { maxAge: ROOT_FILE_MAX_AGE, immutable: false }),
      );
    }
  });
}
