import type { InAppBrowser, PublicDataContext, ShareCard } from '../../shared/web-render.ts';
import type { PublicContent } from '../lib/public-content.ts';
import { type PrecompressedBody, precompress, precompressedBytes } from '../plugins/compression.ts';
import { type RenderedDocument, type Renderer, renderDocument } from './page-renderer.ts';

/**
 * Rendered pages kept at once (one per origin and path, a contact page for each kind of app's browser, and a
 * page per poster that leads to it):
 * bounds their count when the Host header varies.
 */
const PAGE_CACHE_MAX_ENTRIES = 200;
/** And their bytes, each page's copies together (about 100 KB a page as it is, 20 KB compressed; decision 064). */
const PAGE_CACHE_MAX_BYTES = 16 * 1024 * 1024;

/**
 * A kept page: its bytes as they are sent, compressed once for every visitor. A public page carries no
 * per-request part (no CSP nonce: nothing inline is executed), so nothing is done to it per request.
 */
export interface CachedPage {
  kind: 'cached';
  status: number;
  body: PrecompressedBody;
  shareCard?: ShareCard | undefined;
}

/**
 * Public pages change only when public content does: each URL is rendered once and reused until a change
 * through this instance, or for at most a second (another instance's change); decision 006. Only 200 pages
 * without a loader error are kept; any other answer (a redirect, a 404, a page whose data failed) serves
 * the requests that were waiting for it and is rendered again for the next.
 */
export function pageCache({
  publicContent,
  context,
}: {
  publicContent: PublicContent;
  /** The visitors' data context: a cached page never shows what only an admin may see. */
  context: PublicDataContext;
}) {
  const cachedPage = publicContent.cachedByKey<CachedPage | RenderedDocument>({
    maxEntries: PAGE_CACHE_MAX_ENTRIES,
    maxBytes: PAGE_CACHE_MAX_BYTES,
    sizeOf: (page) => (page.kind === 'cached' ? precompressedBytes(page.body) : 0),
    keep: (page) => page.kind === 'cached',
  });

  const render = async (
    renderer: Renderer,
    { origin, url, inAppBrowser, source }: CachedPageTarget,
    stale: CachedPage | RenderedDocument | undefined,
  ) => {
    const document = await renderDocument(renderer, {
      origin,
      url,
      context: { ...context, ...(inAppBrowser ? { inAppBrowser } : {}), ...(source ? { source } : {}) },
    });
    if (document.kind === 'redirect' || document.status !== 200 || document.error !== undefined) {
      return document;
    }
    const page: CachedPage = {
      kind: 'cached',
      status: document.status,
      // A page rendered again as it was keeps its bytes.
      body: precompress(document.html, stale?.kind === 'cached' ? stale.body : undefined),
      shareCard: document.shareCard,
    };
    return page;
  };

  return (renderer: Renderer, target: CachedPageTarget): Promise<CachedPage | RenderedDocument> => {
    const variant = `${target.inAppBrowser ? `\n${target.inAppBrowser.platform}` : ''}${target.source ? `\nsrc=${target.source}` : ''}`;
    return cachedPage(`${target.origin}${target.url}${variant}`, (stale) => render(renderer, target, stale));
  };
}

export interface CachedPageTarget {
  origin: string;
  url: string;
  /** A contact page for a visitor in an app's browser: kept apart from the page for everyone else. */
  inAppBrowser?: InAppBrowser | null | undefined;
  /** A poster's tag (decision 077): its page's channel links carry it; one variant per poster. */
  source?: string | undefined;
}
