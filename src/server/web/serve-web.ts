import fs from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_SITE_SETTINGS } from '../../shared/site-settings.ts';
import type { PublicDataContext, RenderPage } from '../../shared/web-render.ts';
import type { Config } from '../config.ts';
import type { ContactChannelRepository } from '../features/contact-channels/repository.ts';

export interface WebDeps {
  contactChannels: ContactChannelRepository;
}

export const NOT_BUILT_MESSAGE = 'The web app is not built: run npm run build';
const HEAD_PLACEHOLDER = '<!--ssr-head-->';
const APP_PLACEHOLDER = '<!--ssr-app-->';
/** Paths answered by the client-rendered admin app (its own guard sends visitors to the login). */
const ADMIN_PATHS = ['/admin', '/admin/*', '/ContactAdmin', '/UserManagement'];
// Asset names carry a content hash, so a browser may keep them for good.
const ASSET_MAX_AGE = '365d';
const ROOT_FILE_MAX_AGE = '1h';
const PAGE_CACHE_CONTROL = 'private, no-cache';
const HTML_TYPE = 'text/html; charset=utf-8';
const SERVER_ERROR_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Something went wrong</title></head>
<body><main><h1>Something went wrong</h1><p>This page could not be shown just now. Please try again in a moment.</p>
<p><a href="/">Go to the home page</a></p></main></body></html>`;

interface PageTemplate {
  beforeHead: string;
  beforeApp: string;
  afterApp: string;
}

interface Renderer {
  render: RenderPage;
  template: PageTemplate;
}

function parseTemplate(html: string, file: string): PageTemplate {
  const head = html.indexOf(HEAD_PLACEHOLDER);
  const app = html.indexOf(APP_PLACEHOLDER);
  if (head === -1 || app === -1 || app < head) {
    throw new Error(`${file} lacks the ${HEAD_PLACEHOLDER} and ${APP_PLACEHOLDER} placeholders`);
  }
  return {
    beforeHead: html.slice(0, head),
    beforeApp: html.slice(head + HEAD_PLACEHOLDER.length, app),
    afterApp: html.slice(app + APP_PLACEHOLDER.length),
  };
}

const HOST_PATTERN = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** The origin of canonical and Open Graph URLs: PUBLIC_ORIGIN, else what the request was sent to. */
function siteOrigin(config: Config, request: FastifyRequest): string {
  if (config.PUBLIC_ORIGIN) return config.PUBLIC_ORIGIN;
  // The Host header is the client's to choose; anything odd gets a neutral origin rather than a strange URL.
  const host = HOST_PATTERN.test(request.host) ? request.host : 'localhost';
  return `${request.protocol}://${host}`;
}

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/** Serves the built web app: server-rendered public pages, the admin single-page app and static assets. */
export async function serveWeb(app: FastifyInstance, config: Config, deps: WebDeps): Promise<void> {
  const clientDir = path.resolve(config.WEB_DIST_DIR, 'client');
  const templateFile = path.join(clientDir, 'index.html');
  const adminFile = path.join(clientDir, 'admin.html');
  const serverEntryFile = path.resolve(config.WEB_DIST_DIR, 'server', 'entry-server.js');

  if (!fs.existsSync(templateFile)) {
    // The API still works (and its tests run) without a web build.
    app.get('/', { schema: { hide: true } }, async (_request, reply) =>
      reply.status(503).type('text/plain; charset=utf-8').send(NOT_BUILT_MESSAGE),
    );
    return;
  }

  // `npm run dev` rebuilds the web bundles while the server runs: there, files are read again when they change.
  const reloadOnChange = config.NODE_ENV === 'development';

  const loadRenderer = (() => {
    let cached: { version: string; renderer: Promise<Renderer> } | undefined;
    const versionOf = async () => {
      if (!reloadOnChange) return 'built';
      const [entry, template] = await Promise.all([stat(serverEntryFile), stat(templateFile)]);
      return `${entry.mtimeMs}-${template.mtimeMs}`;
    };
    const load = async (version: string): Promise<Renderer> => {
      const template = parseTemplate(await readFile(templateFile, 'utf8'), templateFile);
      const href = pathToFileURL(serverEntryFile).href;
      const module = (await import(reloadOnChange ? `${href}?v=${version}` : href)) as { render?: unknown };
      if (typeof module.render !== 'function') throw new Error(`${serverEntryFile} does not export render()`);
      return { render: module.render as RenderPage, template };
    };
    return async (): Promise<Renderer> => {
      const version = await versionOf();
      if (cached?.version !== version) {
        const entry = { version, renderer: load(version) };
        cached = entry;
        // A failed load (say, a build in progress) is retried by the next request.
        entry.renderer.catch(() => {
          if (cached === entry) cached = undefined;
        });
      }
      return cached.renderer;
    };
  })();

  if (!reloadOnChange && config.NODE_ENV === 'production') {
    // Fail at start, not on the first visitor, when the server bundle is missing or broken.
    app.addHook('onReady', async () => {
      await loadRenderer();
    });
  }

  await app.register(fastifyStatic, {
    root: path.join(clientDir, 'assets'),
    prefix: '/assets/',
    index: false,
    maxAge: ASSET_MAX_AGE,
    immutable: true,
    schemaHide: true,
  });

  // Files at the root of the build (favicon.svg, robots.txt, ...): one route each, so no catch-all is needed.
  const rootEntries = await readdir(clientDir, { withFileTypes: true });
  for (const entry of rootEntries) {
    if (!entry.isFile() || entry.name.endsWith('.html')) continue;
    app.get(`/${entry.name}`, { schema: { hide: true } }, (_request, reply) =>
      reply.sendFile(entry.name, clientDir, { maxAge: ROOT_FILE_MAX_AGE, immutable: false }),
    );
  }

  let adminShell: string | undefined;
  const sendAdminShell = async (_request: FastifyRequest, reply: FastifyReply) => {
    if (adminShell === undefined || reloadOnChange) {
      if (!fs.existsSync(adminFile)) {
        return reply.status(503).type('text/plain; charset=utf-8').send(NOT_BUILT_MESSAGE);
      }
      adminShell = await readFile(adminFile, 'utf8');
    }
    return reply.header('cache-control', 'no-store').type(HTML_TYPE).send(adminShell);
  };
  for (const adminPath of ADMIN_PATHS) app.get(adminPath, { schema: { hide: true } }, sendAdminShell);

  const dataContext: PublicDataContext = {
    activeContacts: () => deps.contactChannels.listActive(),
    // Until the settings repository exists: the defaults.
    siteSettings: async () => DEFAULT_SITE_SETTINGS,
  };

  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    // Unknown API paths keep their JSON 404.
    if (isApiPath(request.url) || !request.url.startsWith('/')) return reply.callNotFound();
    try {
      const { render, template } = await loadRenderer();
      const origin = siteOrigin(config, request);
      const result = await render({
        // Concatenated, not resolved: a path such as //example.com must stay a path on this site.
        url: `${origin}${request.url}`,
        origin,
        nonce: reply.cspNonce.script,
        context: dataContext,
      });
      if (result.kind === 'redirect') return reply.redirect(result.location, result.status);
      if (result.error !== undefined)
        request.log.error({ err: result.error }, 'a public page could not load its data');
      return reply
        .status(result.status)
        .header('cache-control', PAGE_CACHE_CONTROL)
        .type(HTML_TYPE)
        .send(template.beforeHead + result.head + template.beforeApp + result.html + template.afterApp);
    } catch (error) {
      request.log.error({ err: error }, 'a public page could not be rendered');
      return reply.status(500).header('cache-control', 'no-store').type(HTML_TYPE).send(SERVER_ERROR_PAGE);
    }
  });
}
