import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { SiteSettings } from '../../shared/contracts/site-settings.ts';
import type { Config } from '../config.ts';
import type { BlogPostRepository } from '../features/blog/repository.ts';
import { type BlogViewCounter, blogPostSlugOf } from '../features/blog/view-counting.ts';
import type { ContactChannelRepository } from '../features/contact-channels/repository.ts';
import type { PublicContent } from '../plugins/public-content.ts';
import { siteOrigin } from '../plugins/site-origin.ts';
import { serveAdminShell } from './admin-shell.ts';
import { pageCache } from './page-cache.ts';
import { publicDataContexts } from './page-data.ts';
import { type RenderedDocument, renderDocument, rendererLoader } from './page-renderer.ts';
import { serveShareCards } from './share-cards.ts';
import { serveStaticFiles } from './static-files.ts';
import { HTML_TYPE, NOT_BUILT_MESSAGE, webBuildFiles } from './web-build.ts';

export interface WebDeps {
  contactChannels: ContactChannelRepository;
  /** The site settings, cached until public content changes. */
  currentSettings: () => Promise<SiteSettings>;
  /** The brands the site had before (their game routes redirect to the current one). */
  formerBrandNames: () => Promise<string[]>;
  publicContent: PublicContent;
  blogPosts: BlogPostRepository;
  blogViews: BlogViewCounter;
}

const PAGE_CACHE_CONTROL = 'private, no-cache';
const SERVER_ERROR_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Something went wrong</title></head>
<body><main><h1>Something went wrong</h1><p>This page could not be shown just now. Please try again in a moment.</p>
<p><a href="/">Go to the home page</a></p></main></body></html>`;

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/** Serves the built web app: server-rendered public pages, the admin single-page app and static assets. */
export async function serveWeb(app: FastifyInstance, config: Config, deps: WebDeps): Promise<void> {
  const { clientDir, templateFile, adminFile, serverEntryFile } = webBuildFiles(config);

  if (!fs.existsSync(templateFile)) {
    // The API still works (and its tests run) without a web build.
    app.get('/', { schema: { hide: true } }, async (_request, reply) =>
      reply.status(503).type('text/plain; charset=utf-8').send(NOT_BUILT_MESSAGE),
    );
    return;
  }

  // `npm run dev` rebuilds the web bundles while the server runs: there, files are read again when they change.
  const reloadOnChange = config.NODE_ENV === 'development';
  const loadRenderer = rendererLoader({ templateFile, serverEntryFile, reloadOnChange });
  if (!reloadOnChange && config.NODE_ENV === 'production') {
    // Fail at start, not on the first visitor, when the server bundle is missing or broken.
    app.addHook('onReady', async () => {
      await loadRenderer();
    });
  }

  await serveStaticFiles(app, clientDir);
  serveAdminShell(app, adminFile, reloadOnChange);

  const contexts = publicDataContexts(deps, app.log);
  const cachedPage = pageCache({
    publicContent: deps.publicContent,
    context: contexts.visitor,
    log: app.log,
  });

  serveShareCards(app, {
    config,
    clientDir,
    currentShareCard: async (origin, url) => {
      const renderer = await loadRenderer();
      const target = { origin, url, nonce: 'share-card' };
      // As for pages: a path with a query is rendered, never kept (it would let anyone fill the page cache).
      const document =
        (!reloadOnChange && !url.includes('?') ? await cachedPage(renderer, target) : null) ??
        (await renderDocument(renderer, { ...target, context: contexts.visitor }));
      return document.kind === 'document' && document.status === 200 ? (document.shareCard ?? null) : null;
    },
  });

  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    // Unknown API paths keep their JSON 404.
    if (isApiPath(request.url) || !request.url.startsWith('/')) return reply.callNotFound();
    try {
      const renderer = await loadRenderer();
      const target = { origin: siteOrigin(config, request), url: request.url, nonce: reply.cspNonce.script };
      const blogSlug = blogPostSlugOf(request.url);
      // Only a post's page differs for an admin (drafts show); the session is looked up for it alone, and
      // costs nothing without a session cookie.
      const admin = blogSlug !== null && (await app.adminFromRequest(request)) !== null;
      // A reader's view counts even when the page comes from the cache; only published posts count, so
      // this runs alongside rendering rather than after it.
      const viewCounted =
        blogSlug !== null && !admin ? deps.blogViews.recordPageView(blogSlug, request) : undefined;
      // A query string could change the page (and would let anyone fill the cache): rendered each time.
      // An admin's page may show a draft: rendered for that request alone, and never kept.
      const cacheable = !reloadOnChange && !request.url.includes('?') && !admin;
      const document: RenderedDocument =
        (cacheable ? await cachedPage(renderer, target) : null) ??
        (await renderDocument(renderer, { ...target, context: admin ? contexts.admin : contexts.visitor }));
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
