import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { ShareCard } from '../../shared/web-render.ts';
import type { Config } from '../config.ts';
import { siteOrigin } from '../lib/site-origin.ts';
import { access } from '../plugins/access.ts';
import { drawShareCard } from './brand-images.ts';
import { loadPostPicture } from './post-picture.ts';

/** Raised when the card's drawing changes, so that every card gets a new URL. */
const CARD_DESIGN_VERSION = 1;
const SHARE_CARDS_PREFIX = '/share-cards/';
/** Cards kept in memory: about 30–100 KB each. */
const SHARE_CARD_CACHE_MAX_BYTES = 32 * 1024 * 1024;
const PAGE_PATH_MAX_LENGTH = 512;
// The URL names the card's content: it never changes, and a changed card has another URL.
const SHARE_CARD_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** A card's name: a hash of what it is drawn from, so WhatsApp and Telegram fetch a changed card anew. */
function shareCardVersion({ brand, logo, title, image }: ShareCard): string {
  return createHash('sha256')
    .update(JSON.stringify([CARD_DESIGN_VERSION, brand, title, image ?? '', logo ?? '']))
    .digest('hex')
    .slice(0, 16);
}

/** Where a page's card is served: named by its content, with the page it belongs to (decision 026). */
export function shareCardPath(card: ShareCard): string {
  return `${SHARE_CARDS_PREFIX}${shareCardVersion(card)}.png?page=${encodeURIComponent(card.path)}`;
}

export interface ShareCardDeps {
  /** The card of the page at `path` as a visitor sees it now, or null when there is no such page. */
  currentShareCard(origin: string, path: string): Promise<ShareCard | null>;
  config: Config;
  /** The client build's folder, where a post's picture given as a path on this site is read from. */
  clientDir: string;
  /** An uploaded image's bytes by its address (the logo, a post's uploaded picture), or null. */
  uploadedImage(url: string): Promise<Buffer | null>;
}

/**
 * GET /share-cards/{version}.png?page={path}: the card is drawn only for a page that exists and whose card
 * has that version now, so a made-up request costs a page lookup (usually from the page cache), never a
 * drawing. Drawn cards are kept by version, and a card asked for twice at once is drawn once.
 */
export function serveShareCards(app: FastifyInstance, deps: ShareCardDeps): void {
  const cards = new LRUCache<string, Buffer, ShareCard>({
    maxSize: SHARE_CARD_CACHE_MAX_BYTES,
    sizeCalculation: (png) => png.byteLength,
    fetchMethod: async (_version, _stale, { context: card }) => {
      const picture = card.image ? await loadPostPicture(card.image, deps) : null;
      const logo = card.logo ? await deps.uploadedImage(card.logo) : null;
      const draw = (withLogo: Buffer | null) =>
        drawShareCard({
          brand: card.brand,
          logo: withLogo ?? undefined,
          title: card.title,
          picture: picture ?? undefined,
        });
      // A logo that cannot be drawn leaves the initial in its place.
      return draw(logo).catch(() => draw(null));
    },
  });

  app.get<{ Params: { file: string }; Querystring: { page?: unknown } }>(
    `${SHARE_CARDS_PREFIX}:file`,
    { schema: { hide: true }, config: { access: access.public } },
    async (request, reply) => {
      const version = /^([0-9a-f]{16})\.png$/.exec(request.params.file)?.[1];
      const page = request.query.page;
      if (
        version === undefined ||
        typeof page !== 'string' ||
        !page.startsWith('/') ||
        page.startsWith('//') ||
        page.length > PAGE_PATH_MAX_LENGTH
      ) {
        return reply.callNotFound();
      }
      const card = await deps.currentShareCard(siteOrigin(deps.config, request), page);
      if (card === null || shareCardVersion(card) !== version) return reply.callNotFound();
      const png = await cards.fetch(version, { context: card });
      return reply.header('cache-control', SHARE_CARD_CACHE_CONTROL).type('image/png').send(png);
    },
  );
}
