import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { PublicDataContext, ShareCard } from '../../shared/web-render.ts';
import type { PublicContent } from '../plugins/public-content.ts';
import { type Redirect, type RenderedDocument, type Renderer, renderDocument } from './page-renderer.ts';

/** Rendered pages kept at once (one per origin and path): bounds memory when the Host header varies. */
const PAGE_CACHE_MAX_ENTRIES = 200;
/**
 * Pages are rendered once with this token in place of the CSP nonce, kept, and given a fresh nonce in every
 * response: a nonce is never sent twice. Random per process, so no page content can contain it.
 */
const NONCE_PLACEHOLDER = randomBytes(18).toString('base64url');
const PLACEHOLDER_NONCE_ATTRIBUTE = `nonce="${NONCE_PLACEHOLDER}"`;

/** What the page cache keeps: a document split where the nonce goes, so each response gets its own. */
type ReusablePage =
  | { kind: 'page'; status: number; chunks: string[]; error?: unknown; shareCard?: ShareCard | undefined }
  | Redirect
  | { kind: 'not-reusable' };

/**
 * Public pages change only when public content does: each URL is rendered once and reused until a change
 * through this instance, or for at most a second (another instance's change); decision 006. Only 200 pages,
 * each a 200 without a loader error, are kept. Gives the document with the request's nonce, or null when
 * the page has to be rendered for this request alone.
 */
export function pageCache({
  publicContent,
  context,
  log,
}: {
  publicContent: PublicContent;
  /** The visitors' data context: a cached page never shows what only an admin may see. */
  context: PublicDataContext;
  log: FastifyBaseLogger;
}) {
  const cachedPage = publicContent.cachedByKey<ReusablePage>({
    maxEntries: PAGE_CACHE_MAX_ENTRIES,
    keep: (page) => page.kind === 'page' && page.status === 200 && page.error === undefined,
  });

  /** The document rendered with the placeholder and split where each response's nonce goes. */
  const renderReusable = async (renderer: Renderer, origin: string, url: string): Promise<ReusablePage> => {
    const document = await renderDocument(renderer, { origin, url, nonce: NONCE_PLACEHOLDER, context });
    if (document.kind === 'redirect') return document;
    const chunks = document.html.split(PLACEHOLDER_NONCE_ATTRIBUTE);
    // The token anywhere but in a nonce attribute means the renderer put the nonce somewhere new: whether
    // substituting there is right is unknown, so such a page is rendered per request instead.
    if (chunks.some((chunk) => chunk.includes(NONCE_PLACEHOLDER))) {
      log.warn({ url }, 'a page carries its nonce outside a nonce attribute: rendered per request');
      return { kind: 'not-reusable' };
    }
    return {
      kind: 'page',
      status: document.status,
      chunks,
      ...(document.error === undefined ? {} : { error: document.error }),
      shareCard: document.shareCard,
    };
  };

  return async (
    renderer: Renderer,
    { origin, url, nonce }: { origin: string; url: string; nonce: string },
  ): Promise<RenderedDocument | null> => {
    const page = await cachedPage(`${origin}${url}`, () => renderReusable(renderer, origin, url));
    if (page.kind === 'not-reusable') return null;
    if (page.kind === 'redirect') return page;
    return {
      kind: 'document',
      status: page.status,
      html: page.chunks.join(`nonce="${nonce}"`),
      error: page.error,
      shareCard: page.shareCard,
    };
  };
}
