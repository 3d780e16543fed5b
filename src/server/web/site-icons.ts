import { createHash } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { LRUCache } from 'lru-cache';
import { ADMIN_ROOT, adminPath } from '../../shared/pages/admin-paths.ts';
import { access } from '../plugins/access.ts';
import {
  brandIconIco,
  brandIconSvg,
  logoIconIco,
  logoIconPng,
  logoIconSvg,
  SITE_PALETTE,
  svgToPng,
} from './brand-images.ts';

/** Raised when the icon's drawing changes, so browsers revalidating by ETag get the new one. */
const ICON_DESIGN_VERSION = 1;
// Icons keep their URLs (the HTML templates name them) and change with the brand: browsers ask again each
// time, and get a 304 while the brand is the same.
const ICON_CACHE_CONTROL = 'public, no-cache';

interface SiteAsset {
  type: string;
  /** Drawn from the brand's name, or from its uploaded logo when there is one. */
  draw(brand: string, logo: Buffer | null): Promise<Buffer | string>;
}

const pngIcon =
  (size: number, maskable = false) =>
  async (brand: string, logo: Buffer | null) =>
    logo ? logoIconPng(logo, size, { maskable }) : svgToPng(await brandIconSvg(brand, { maskable }), size);

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
  '/favicon.svg': {
    type: 'image/svg+xml',
    draw: (brand, logo) => (logo ? logoIconSvg(logo) : brandIconSvg(brand)),
  },
  '/favicon.ico': {
    type: 'image/x-icon',
    draw: (brand, logo) => (logo ? logoIconIco(logo) : brandIconIco(brand)),
  },
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
  /** The brand's name and its logo's address (empty without one). */
  brand(): Promise<{ name: string; logo: string }>;
  /** An uploaded image's bytes by its address, or null when there is none. */
  uploadedImage(url: string): Promise<Buffer | null>;
}

/**
 * The home-screen icon, the favicons and the web app manifest, drawn from the brand when first asked for and
 * kept per brand (a renamed brand draws them anew).
 */
export const siteIconRoutes: FastifyPluginAsync<SiteIconDeps> = async (app, { brand, uploadedImage }) => {
  const drawn = new LRUCache<
    string,
    { body: Buffer | string; etag: string },
    { path: string; brand: string; logo: string }
  >({
    // Every asset for the current brand and the one before it.
    max: Object.keys(SITE_ASSETS).length * 2,
    fetchMethod: async (_key, _stale, { context: { path, brand, logo } }) => {
      // A logo that cannot be read or drawn leaves the drawn initial in its place.
      const logoBytes = logo ? await uploadedImage(logo) : null;
      const asset = SITE_ASSETS[path]!;
      const body = await asset.draw(brand, logoBytes).catch(() => asset.draw(brand, null));
      const etag = createHash('sha256').update(body).digest('base64url').slice(0, 22);
      return { body, etag: `"${etag}"` };
    },
  });

  for (const [path, asset] of Object.entries(SITE_ASSETS)) {
    app.get(
      path,
      { schema: { hide: true }, config: { access: access.public, requestLog: 'debug' } },
      async (request, reply) => {
        const { name, logo } = await brand();
        const { body, etag } = (await drawn.fetch(JSON.stringify([ICON_DESIGN_VERSION, path, name, logo]), {
          context: { path, brand: name, logo },
        }))!;
        reply.header('cache-control', ICON_CACHE_CONTROL).header('etag', etag);
        if (request.headers['if-none-match'] === etag) return reply.status(304).send();
        return reply.type(asset.type).send(body);
      },
    );
  }
};
