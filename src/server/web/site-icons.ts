import { createHash } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { LRUCache } from 'lru-cache';
import { ADMIN_ROOT, adminPath } from '../../shared/pages/admin-paths.ts';
import { brandIconIco, brandIconSvg, SITE_PALETTE, svgToPng } from './brand-images.ts';

/** Raised when the icon's drawing changes, so browsers revalidating by ETag get the new one. */
const ICON_DESIGN_VERSION = 1;
// Icons keep their URLs (the HTML templates name them) and change with the brand: browsers ask again each
// time, and get a 304 while the brand is the same.
const ICON_CACHE_CONTROL = 'public, no-cache';

interface SiteAsset {
  type: string;
  draw(brand: string): Promise<Buffer | string>;
}

const pngIcon =
  (size: number, maskable = false) =>
  async (brand: string) =>
    svgToPng(await brandIconSvg(brand, { maskable }), size);

/** The manifest's icons: a rounded one for browsers, and full-bleed ones that platforms cut to their shape. */
const MANIFEST_ICONS = [
  { path: '/icons/icon-192.png', size: 192, maskable: false },
  { path: '/icons/icon-512.png', size: 512, maskable: false },
  { path: '/icons/maskable-192.png', size: 192, maskable: true },
  { path: '/icons/maskable-512.png', size: 512, maskable: true },
] as const;

/** The web app manifest: what a phone needs to put the site on its home screen under the brand's name. */
function webAppManifest(brand: string, app: 'site' | 'admin' = 'site'): string {
  // The back office is an app of its own on the phone, its scope the admin paths, where its service worker
  // (push notifications) works.
  const place =
    app === 'admin'
      ? {
          id: `${ADMIN_ROOT}/`,
          name: `${brand} back office`,
          start_url: adminPath('dashboard'),
          scope: `${ADMIN_ROOT}/`,
        }
      : { id: '/', name: brand, start_url: '/', scope: '/' };
  return JSON.stringify({
    id: place.id,
    name: place.name,
    short_name: brand,
    start_url: place.start_url,
    scope: place.scope,
    display: 'standalone',
    lang: 'en-IN',
    theme_color: SITE_PALETTE.brand,
    background_color: SITE_PALETTE.background,
    icons: MANIFEST_ICONS.map(({ path, size, maskable }) => ({
      src: path,
      sizes: `${size}x${size}`,
      type: 'image/png',
      purpose: maskable ? 'maskable' : 'any',
    })),
  });
}

const SITE_ASSETS: Record<string, SiteAsset> = {
  '/manifest.webmanifest': {
    type: 'application/manifest+json; charset=utf-8',
    draw: async (brand) => webAppManifest(brand),
  },
  [`${ADMIN_ROOT}/manifest.webmanifest`]: {
    type: 'application/manifest+json; charset=utf-8',
    draw: async (brand) => webAppManifest(brand, 'admin'),
  },
  '/favicon.svg': { type: 'image/svg+xml', draw: (brand) => brandIconSvg(brand) },
  '/favicon.ico': { type: 'image/x-icon', draw: brandIconIco },
  // iOS rounds the corners itself and shows transparency as black: the full-bleed drawing.
  '/apple-touch-icon.png': { type: 'image/png', draw: pngIcon(180, true) },
  ...Object.fromEntries(
    MANIFEST_ICONS.map(({ path, size, maskable }) => [
      path,
      { type: 'image/png', draw: pngIcon(size, maskable) },
    ]),
  ),
};

export interface SiteIconDeps {
  brandName(): Promise<string>;
}

/**
 * The home-screen icon, the favicons and the web app manifest, drawn from the brand when first asked for and
 * kept per brand (a renamed brand draws them anew).
 */
export const siteIconRoutes: FastifyPluginAsync<SiteIconDeps> = async (app, { brandName }) => {
  const drawn = new LRUCache<
    string,
    { body: Buffer | string; etag: string },
    { path: string; brand: string }
  >({
    // Every asset for the current brand and the one before it.
    max: Object.keys(SITE_ASSETS).length * 2,
    fetchMethod: async (_key, _stale, { context: { path, brand } }) => {
      const body = await SITE_ASSETS[path]!.draw(brand);
      const etag = createHash('sha256').update(body).digest('base64url').slice(0, 22);
      return { body, etag: `"${etag}"` };
    },
  });

  for (const [path, asset] of Object.entries(SITE_ASSETS)) {
    app.get(path, { schema: { hide: true }, config: { requestLog: 'debug' } }, async (request, reply) => {
      const brand = await brandName();
      const { body, etag } = (await drawn.fetch(JSON.stringify([ICON_DESIGN_VERSION, path, brand]), {
        context: { path, brand },
      }))!;
      reply.header('cache-control', ICON_CACHE_CONTROL).header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply.type(asset.type).send(body);
    });
  }
};
