import fs from 'node:fs';
import formBody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SiteSettings } from '../../shared/contracts/site-settings.ts';
import { SOURCE_PARAMETER } from '../../shared/rules/channel-links.ts';
import { INQUIRY_FAILURE_MESSAGE } from '../../shared/rules/contact-inquiries.ts';
import { LOCALES, localeOfPath, localizedPath } from '../../shared/rules/locales.ts';
import { canUse } from '../../shared/rules/roles.ts';
import {
  POSTED_INQUIRY_FIELDS,
  type PostedInquiryField,
  type PublicDataContext,
} from '../../shared/web-render.ts';
import type { Config } from '../config.ts';
import type { BlogPostRepository } from '../features/blog/repository.ts';
import { type BlogViewCounter, blogPostSlugOf } from '../features/blog/view-counting.ts';
import type { ContactChannelRepository } from '../features/contact-channels/repository.ts';
import type { SubmitInquiry } from '../features/contact-inquiries/inquiry-submission.ts';
import { ContactInquiryBodySchema } from '../features/contact-inquiries/schemas.ts';
import type { AccountDeletion } from '../features/members/account-deletion.ts';
import type { PicturesOf } from '../features/uploads/pictures.ts';
import { HttpError } from '../lib/http-errors.ts';
import { isPersonsClick } from '../lib/persons-click.ts';
import type { PublicContent } from '../lib/public-content.ts';
import { siteOrigin } from '../lib/site-origin.ts';
import { access } from '../plugins/access.ts';
import { sendPrecompressed } from '../plugins/compression.ts';
import { serveAdminServiceWorker, serveAdminShell } from './admin-shell.ts';
import { inAppBrowserForPage } from './in-app-browser.ts';
import { pageCache } from './page-cache.ts';
import { publicDataContexts } from './page-data.ts';
import { renderDocument, rendererLoader } from './page-renderer.ts';
import { answerPostedDeletion } from './posted-account-deletion.ts';
import { serveShareCards } from './share-cards.ts';
import { serveSpeculationRules, withSpeculationRules } from './speculation-rules.ts';
import { serveStaticFiles } from './static-files.ts';
import { HTML_TYPE, NOT_BUILT_MESSAGE, webBuildFiles } from './web-build.ts';

export interface WebDeps {
  contactChannels: ContactChannelRepository;
  /** The site settings, cached until public content changes. */
  currentSettings: () => Promise<SiteSettings>;
  currentTermsUpdatedAt: () => Promise<string>;
  /** The brands the site had before (their game routes redirect to the current one). */
  formerBrandNames: () => Promise<string[]>;
  publicContent: PublicContent;
  blogPosts: BlogPostRepository;
  /** Uploaded images a post shows, with their sizes. */
  picturesOf: PicturesOf;
  /** An uploaded image's bytes by its address, or null: for share cards. */
  uploadedImage(url: string): Promise<Buffer | null>;
  blogViews: BlogViewCounter;
  /** Takes an inquiry as POST /api/contact-inquiries does: the contact form posted without script uses it. */
  submitInquiry: SubmitInquiry;
  /** Deletes a member's account as DELETE /api/auth/delete-account does: the page posted without script uses it. */
  accountDeletion: AccountDeletion;
  /** How soon the team typically answers, in minutes, or null (decision 075). */
  typicalReplyMinutes: () => Promise<number | null>;
  /** The server's clock: what a page says about opening hours is true at the moment it is rendered. */
  clock: () => number;
  /** The poster a page's `src` names, to count the visit for it (decision 077). */
  posterSource(tag: unknown): Promise<{ tag: string; visited(): void } | null>;
}

/**
 * Where the contact form lives as a page of its own, for browsers without script (and its native post), in
 * each language: the answer is that page again, in the language of the address posted to.
 */
const INQUIRY_FORM_PAGES = LOCALES.map((locale) => localizedPath(locale, '/contact/message'));
/** The deletion page in each language, which posts to itself without script. */
const DELETION_PAGES = LOCALES.map((locale) => localizedPath(locale, '/delete-account'));
const INQUIRY_FIELDS_MESSAGE = 'Please correct the highlighted fields.';

/** The form's fields as posted (urlencoded, or anything else a client sends): strings only, others empty. */
function postedValues(body: unknown): {
  values: Record<PostedInquiryField, string>;
  website: string;
} {
  const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const text = (key: string) => {
    const value = fields[key];
    return typeof value === 'string' ? value : '';
  };
  const values = Object.fromEntries(POSTED_INQUIRY_FIELDS.map((field) => [field, text(field)]));
  return { values: values as Record<PostedInquiryField, string>, website: text('website') };
}

function isPostedField(key: unknown): key is PostedInquiryField {
  return typeof key === 'string' && (POSTED_INQUIRY_FIELDS as readonly string[]).includes(key);
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

/** The first problem of each field of a natively posted contact form, shown under the field. */
function postedFieldErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Partial<Record<PostedInquiryField, string>> {
  const errors: Partial<Record<PostedInquiryField, string>> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (isPostedField(field)) errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * A page reached with a poster's tag (decision 077): the visit is counted for the poster, whose tag the page's
 * channel links then carry. Answers the tag and the page's address without it (kept in the cache as that
 * page's variant, one per poster); a tag that is nobody's leaves the address as it is.
 */
async function posterOfPage(request: FastifyRequest, url: string, posterSource: WebDeps['posterSource']) {
  const queryAt = url.indexOf('?');
  if (queryAt === -1) return null;
  const query = new URLSearchParams(url.slice(queryAt + 1));
  // Without the tags (the database failed), the page is still served, as for any query.
  const source = await posterSource(query.get(SOURCE_PARAMETER)).catch((error: unknown) => {
    request.log.warn({ err: error }, 'a poster visit could not be counted');
    return null;
  });
  if (!source) return null;
  if (isPersonsClick(request)) source.visited();
  query.delete(SOURCE_PARAMETER);
  const rest = query.toString();
  return { context: { source: source.tag }, url: `${url.slice(0, queryAt)}${rest ? `?${rest}` : ''}` };
}

/** Serves the built web app: server-rendered public pages, the admin single-page app and static assets. */
export async function serveWeb(app: FastifyInstance, config: Config, deps: WebDeps): Promise<void> {
  const { clientDir, templateFile, adminFile, serverEntryFile } = webBuildFiles(config);

  if (!fs.existsSync(templateFile)) {
    // The API still works (and its tests run) without a web build.
    app.get('/', { schema: { hide: true }, config: { access: access.public } }, async (_request, reply) =>
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

  serveAdminServiceWorker(app, clientDir);
  await serveStaticFiles(app, clientDir);
  serveAdminShell(app, adminFile, reloadOnChange);
  serveSpeculationRules(app);

  const contexts = publicDataContexts(deps, app.log);
  const cachedPage = pageCache({ publicContent: deps.publicContent, context: contexts.visitor });

  serveShareCards(app, {
    config,
    clientDir,
    uploadedImage: deps.uploadedImage,
    currentShareCard: async (origin, url) => {
      const renderer = await loadRenderer();
      const target = { origin, url };
      // As for pages: a path with a query is rendered, never kept (it would let anyone fill the page cache).
      const document =
        !reloadOnChange && !url.includes('?')
          ? await cachedPage(renderer, target)
          : await renderDocument(renderer, { ...target, context: contexts.visitor });
      return document.kind !== 'redirect' && document.status === 200 ? (document.shareCard ?? null) : null;
    },
  });

  /** Renders `url` as the page for this request; with `posted`, as the answer to a form posted natively. */
  const sendPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    requestedUrl: string,
    posted?: { status: number; context: Pick<PublicDataContext, 'postedInquiry' | 'postedDeletion'> },
  ) => {
    try {
      const renderer = await loadRenderer();
      const poster = posted ? null : await posterOfPage(request, requestedUrl, deps.posterSource);
      const url = poster?.url ?? requestedUrl;
      const target = { origin: siteOrigin(config, request), url };
      const blogSlug = blogPostSlugOf(url);
      // Only a post's page differs for an admin (drafts show); the session is looked up for it alone, and
      // costs nothing without a session cookie.
      const signedIn = blogSlug === null ? null : await app.adminFromRequest(request);
      const admin = signedIn !== null && canUse(signedIn.role, 'blog');
      // A reader's view counts even when the page comes from the cache; only published posts count, so
      // this runs alongside rendering rather than after it.
      const viewCounted =
        blogSlug !== null && !admin ? deps.blogViews.recordPageView(blogSlug, request) : undefined;
      // A query string could change the page (and would let anyone fill the cache): rendered each time.
      // An admin's page may show a draft: rendered for that request alone, and never kept.
      // A posted form's answer is that visitor's alone.
      const cacheable = !reloadOnChange && !url.includes('?') && !admin && !posted;
      // A contact page offers a visitor in an app's browser the phone's own (decision 072).
      const inAppBrowser = inAppBrowserForPage(request, reply, url);
      const visitor = { ...contexts.visitor, ...poster?.context, ...(inAppBrowser ? { inAppBrowser } : {}) };
      const context = posted ? { ...visitor, ...posted.context } : admin ? contexts.admin : visitor;
      const document = cacheable
        ? await cachedPage(renderer, { ...target, inAppBrowser, source: poster?.context.source })
        : await renderDocument(renderer, { ...target, context });
      await viewCounted;
      if (document.kind === 'redirect') return reply.redirect(document.location, document.status);
      // Every public page is a page of islands, whose links are page loads (decision 062).
      withSpeculationRules(reply);
      if (document.kind === 'cached') {
        reply.status(document.status).header('cache-control', PAGE_CACHE_CONTROL);
        return sendPrecompressed(request, reply, document.body, HTML_TYPE);
      }
      if (document.error !== undefined) {
        request.log.error({ err: document.error }, 'a public page could not load its data');
      }
      return reply
        .status(posted && document.status === 200 ? posted.status : document.status)
        .header('cache-control', admin || posted ? 'no-store' : PAGE_CACHE_CONTROL)
        .type(HTML_TYPE)
        .send(document.html);
    } catch (error) {
      request.log.error({ err: error }, 'a public page could not be rendered');
      return reply.status(500).header('cache-control', 'no-store').type(HTML_TYPE).send(SERVER_ERROR_PAGE);
    }
  };

  app.get('/*', { schema: { hide: true }, config: { access: access.public } }, async (request, reply) => {
    // Unknown API paths keep their JSON 404.
    if (isApiPath(request.url) || !request.url.startsWith('/')) return reply.callNotFound();
    return sendPage(request, reply, request.url);
  });

  // The contact form posted natively (no script): checked by the same schema and taken by the same
  // submission as POST /api/contact-inquiries, answered with a page. Form bodies are read here alone.
  const takePostedInquiry = (formPage: string) => async (request: FastifyRequest, reply: FastifyReply) => {
    const { values, website } = postedValues(request.body);
    // The page shows the form again as it was sent, the honeypot excepted.
    const refused = (
      status: number,
      message: string,
      errors: Partial<Record<PostedInquiryField, string>> = {},
      retryAfterSeconds?: number,
    ) =>
      sendPage(request, reply, formPage, {
        status,
        context: {
          postedInquiry: {
            status: 'refused',
            httpStatus: status,
            message,
            values,
            errors,
            ...(retryAfterSeconds ? { retryAfterSeconds } : {}),
          },
        },
      });
    // Sent from the Hindi page, it is answered in Hindi: the address posted to says which.
    const language = localeOfPath(formPage);
    const checked = ContactInquiryBodySchema.safeParse({ ...values, website, language });
    if (!checked.success)
      return refused(400, INQUIRY_FIELDS_MESSAGE, postedFieldErrors(checked.error.issues));
    try {
      await deps.submitInquiry(request, checked.data);
    } catch (error) {
      if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
      if (error.headers) reply.headers(error.headers);
      const retryAfter = Number(error.headers?.['retry-after']);
      return refused(
        error.statusCode,
        error.message || INQUIRY_FAILURE_MESSAGE,
        {},
        Number.isFinite(retryAfter) ? retryAfter : undefined,
      );
    }
    return sendPage(request, reply, formPage, {
      status: 200,
      context: { postedInquiry: { status: 'sent' } },
    });
  };
  await app.register(async (scope) => {
    await scope.register(formBody);
    for (const formPage of INQUIRY_FORM_PAGES) {
      scope.post(
        formPage,
        { schema: { hide: true }, config: { access: access.public } },
        takePostedInquiry(formPage),
      );
    }
    // The deletion page posted natively: the same checks and throttle as DELETE /api/auth/delete-account.
    for (const deletionPage of DELETION_PAGES) {
      scope.post(
        deletionPage,
        { schema: { hide: true }, config: { access: access.public } },
        async (request, reply) => {
          const answer = await answerPostedDeletion(deps.accountDeletion, request);
          if (answer.headers) reply.headers(answer.headers);
          return sendPage(request, reply, deletionPage, {
            status: answer.status,
            context: { postedDeletion: answer.form },
          });
        },
      );
    }
  });
}
