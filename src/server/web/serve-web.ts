import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PublicBlogPost } from '../../shared/contracts/blog.ts';
import type { SiteSettings } from '../../shared/contracts/site-settings.ts';
import { isPossibleSlug } from '../../shared/rules/blog.ts';
import type { PublicDataContext, RenderPage } from '../../shared/web-render.ts';
import type { Config } from '../config.ts';
import { renderPostContent } from '../features/blog/markdown.ts';
import type { BlogPostRepository } from '../features/blog/repository.ts';
import type { BlogViewCounter } from '../features/blog/view-counter.ts';
import type { ContactChannelRepository } from '../features/contact-channels/repository.ts';
import type { PublicContent } from '../plugins/public-content.ts';
import { siteOrigin } from '../plugins/site-origin.ts';

export interface WebDeps {
  contactChannels: ContactChannelRepository;
  /** The site settings, cached until public content changes. */
  currentSettings: () => Promise<SiteSettings>;
  publicContent: PublicContent;
  blogPosts: BlogPostRepository;
  blogViews: BlogViewCounter;
}

export const NOT_BUILT_MESSAGE = 'The web app is not built: run npm run build';
const HEAD_PLACEHOLDER = '<!--ssr-head-->';
const APP_PLACEHOLDER = '<!--ssr-app-->';
/** Paths answered by the client-rendered admin app (its own guard sends visitors to the login). */
const ADMIN_PATHS = ['/admin', '/admin/*', '/ContactAdmin', '/UserManagement'];
// Asset names carry a content hash, so a browser may keep them for good.
const ASSET_MAX_AGE = '365d';
const ROOT_FILE_MAX_AGE = '1h';
const ASSETS_PREFIX = '/assets/';
const PAGE_CACHE_CONTROL = 'private, no-cache';
const HTML_TYPE = 'text/html; charset=utf-8';
/** Rendered pages kept at once (one per origin and path): bounds memory when the Host header varies. */
const PAGE_CACHE_MAX_ENTRIES = 200;
/**
 * Pages are rendered once with this token in place of the CSP nonce, kept, and given a fresh nonce in every
 * response: a nonce is never sent twice. Random per process, so no page content can contain it.
 */
const NONCE_PLACEHOLDER = randomBytes(18).toString('base64url');
const PLACEHOLDER_NONCE_ATTRIBUTE = `nonce="${NONCE_PLACEHOLDER}"`;
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

type Redirect = { kind: 'redirect'; status: number; location: string };

type RenderedDocument = { kind: 'document'; status: number; html: string; error?: unknown } | Redirect;

/** What the page cache keeps: a document split where the nonce goes, so each response gets its own. */
type ReusablePage =
  | { kind: 'page'; status: number; chunks: string[]; error?: unknown }
  | Redirect
  | { kind: 'not-reusable' };

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

/** The slug of a blog post page's URL (`/blog/{slug}`, any query aside), when it could name a post. */
function blogSlugOf(url: string): string | null {
  const slug = /^\/blog\/([^/?#]+)\/?(?:[?#]|$)/.exec(url)?.[1];
  return slug !== undefined && isPossibleSlug(slug) ? slug : null;
}

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

  const blogPost = async (slug: string, drafts: boolean): Promise<PublicBlogPost | null> => {
    const post = await deps.blogPosts.findBySlug(slug);
    if (!post || (!post.isPublished && !drafts)) return null;
    // The Markdown source stays out of the page (and its hydration data): only the HTML is shown.
    const { content, ...summary } = post;
    return { ...summary, html: renderPostContent(post, app.log) };
  };
  const dataContext: PublicDataContext = {
    activeContacts: () => deps.contactChannels.listActive(),
    siteSettings: deps.currentSettings,
    publishedBlogPosts: async (query) => ({
      ...(await deps.blogPosts.listPublished(query)),
      page: query.page,
      pageSize: query.pageSize,
    }),
    blogPost: (slug) => blogPost(slug, false),
  };
  /** For a signed-in admin only: drafts are shown too. Pages rendered with it are never cached. */
  const adminDataContext: PublicDataContext = {
    ...dataContext,
    blogPost: (slug) => blogPost(slug, true),
  };

  /** The whole document for one URL, with `nonce` on its inline scripts. */
  const renderDocument = async (
    { render, template }: Renderer,
    origin: string,
    url: string,
    nonce: string,
    context: PublicDataContext = dataContext,
  ): Promise<RenderedDocument> => {
    const result = await render({
      // Concatenated, not resolved: a path such as //example.com must stay a path on this site.
      url: `${origin}${url}`,
      origin,
      nonce,
      context,
    });
    if (result.kind === 'redirect') return result;
    return {
      kind: 'document',
      status: result.status,
      html: template.beforeHead + result.head + template.beforeApp + result.html + template.afterApp,
      ...(result.error === undefined ? {} : { error: result.error }),
    };
  };

  /** The document rendered with the placeholder and split where each response's nonce goes. */
  const renderReusable = async (renderer: Renderer, origin: string, url: string): Promise<ReusablePage> => {
    const document = await renderDocument(renderer, origin, url, NONCE_PLACEHOLDER);
    if (document.kind === 'redirect') return document;
    const chunks = document.html.split(PLACEHOLDER_NONCE_ATTRIBUTE);
    // The token anywhere but in a nonce attribute means the renderer put the nonce somewhere new: whether
    // substituting there is right is unknown, so such a page is rendered per request instead.
    if (chunks.some((chunk) => chunk.includes(NONCE_PLACEHOLDER))) {
      app.log.warn({ url }, 'a page carries its nonce outside a nonce attribute: rendered per request');
      return { kind: 'not-reusable' };
    }
    return {
      kind: 'page',
      status: document.status,
      chunks,
      ...(document.error === undefined ? {} : { error: document.error }),
    };
  };

  // Public pages change only when public content does: each URL is rendered once and reused until a change
  // through this instance, or for at most a second (another instance's change). Only 200 pages are kept.
  const cachedPage = deps.publicContent.cachedByKey<ReusablePage>({
    maxEntries: PAGE_CACHE_MAX_ENTRIES,
    keep: (page) => page.kind === 'page' && page.status === 200 && page.error === undefined,
  });

  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    // Unknown API paths keep their JSON 404.
    if (isApiPath(request.url) || !request.url.startsWith('/')) return reply.callNotFound();
    try {
      const renderer = await loadRenderer();
      const origin = siteOrigin(config, request);
      const nonce = reply.cspNonce.script;
      const blogSlug = blogSlugOf(request.url);
      // Only a post's page differs for an admin (drafts show); the session is looked up for it alone, and
      // costs nothing without a session cookie.
      const admin = blogSlug !== null && (await app.adminFromRequest(request)) !== null;
      // A reader's view counts even when the page comes from the cache; only published posts count, so
      // this runs alongside rendering rather than after it. A failure costs a count, never the page.
      const viewCounted =
        blogSlug !== null && !admin && request.method === 'GET'
          ? deps.blogViews.record(blogSlug, request.ip, request.headers['user-agent']).catch((error) => {
              request.log.warn({ err: error }, 'a blog view could not be counted');
            })
          : undefined;
      // A query string could change the page (and would let anyone fill the cache): rendered each time.
      // An admin's page may show a draft: rendered for that request alone, and never kept.
      const cacheable = !reloadOnChange && !request.url.includes('?') && !admin;
      const page: ReusablePage = cacheable
        ? await cachedPage(`${origin}${request.url}`, () => renderReusable(renderer, origin, request.url))
        : { kind: 'not-reusable' };
      let document: RenderedDocument;
      if (page.kind === 'page') {
        const html = page.chunks.join(`nonce="${nonce}"`);
        document = { kind: 'document', status: page.status, html, error: page.error };
      } else if (page.kind === 'redirect') {
        document = page;
      } else {
        const context = admin ? adminDataContext : dataContext;
        document = await renderDocument(renderer, origin, request.url, nonce, context);
      }
      await viewCounted;
      if (document.kind === 'redirect') return reply.redirect(document.location, document.status);
      if (document.error !== undefined) {
        request.log.error({ err: document.error }, 'a public page could not load its data');
      }
      return reply
        .status(document.status)
        .header('cache-control', admin ? 'no-store' : PAGE_CACHE_CONTROL)
        .type(HTML_TYPE)
        .send(document.html);
    } catch (error) {
      request.log.error({ err: error }, 'a public page could not be rendered');
      return reply.status(500).header('cache-control', 'no-store').type(HTML_TYPE).send(SERVER_ERROR_PAGE);
    }
  });
}
