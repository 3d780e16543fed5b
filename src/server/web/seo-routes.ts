import type { FastifyPluginAsync } from 'fastify';
import { ADMIN_APP_ROOTS } from '../../shared/pages/admin-paths.ts';
import { PUBLIC_PAGES } from '../../shared/pages/public-pages.ts';
import { CHANNEL_CLICK_PREFIX } from '../../shared/rules/channel-links.ts';
import { LOCALES } from '../../shared/rules/locales.ts';
import type { Config } from '../config.ts';
import { siteOrigin } from '../lib/site-origin.ts';
import type { SitemapEntry, SitemapSource } from '../lib/sitemap-entries.ts';
import { escapeXml } from '../lib/xml.ts';
import { access } from '../plugins/access.ts';

function alternateLinks(origin: string, alternates: SitemapEntry['alternates']): string {
  if (!alternates) return '';
  const links = LOCALES.flatMap((locale) => {
    const path = alternates[locale];
    return path ? [[locale, path]] : [];
  });
  if (alternates.en) links.push(['x-default', alternates.en]);
  return links
    .map(
      ([hreflang, path]) =>
        `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(origin + path)}"/>`,
    )
    .join('');
}

/** The pages the sitemap lists by their path as it is (the page table's `sitemap: 'path'`). */
export const FIXED_PUBLIC_PATHS: readonly string[] = Object.values(PUBLIC_PAGES)
  .filter((page) => page.sitemap === 'path')
  .map((page) => page.path);

export interface SeoDeps {
  config: Config;
  sitemapSources: SitemapSource[];
}

// Paths a crawler has no business in: the back office (with its two legacy paths outside /admin), the API and
// the channels' counted links (which only redirect, and are not counted for crawlers anyway).
const DISALLOWED_PATHS = [...ADMIN_APP_ROOTS, '/api/', CHANNEL_CLICK_PREFIX];
const ROBOTS_CACHE_CONTROL = 'public, max-age=3600';
const SITEMAP_CACHE_CONTROL = 'public, max-age=300';

export function sitemapXml(origin: string, entries: SitemapEntry[]): string {
  const seen = new Set<string>();
  const urls: string[] = [];
  for (const entry of entries) {
    if (seen.has(entry.path)) continue;
    seen.add(entry.path);
    const lastModified = entry.lastModified ? `<lastmod>${escapeXml(entry.lastModified)}</lastmod>` : '';
    const alternates = alternateLinks(origin, entry.alternates);
    urls.push(`  <url><loc>${escapeXml(origin + entry.path)}</loc>${lastModified}${alternates}</url>`);
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** robots.txt and sitemap.xml, with absolute URLs on the site's origin (the same rule as canonical links). */
export const seoRoutes: FastifyPluginAsync<SeoDeps> = async (app, { config, sitemapSources }) => {
  app.get(
    '/robots.txt',
    { schema: { hide: true }, config: { access: access.public } },
    async (request, reply) => {
      const lines = [
        'User-agent: *',
        'Allow: /',
        ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
        '',
        `Sitemap: ${siteOrigin(config, request)}/sitemap.xml`,
        '',
      ];
      return reply
        .header('cache-control', ROBOTS_CACHE_CONTROL)
        .type('text/plain; charset=utf-8')
        .send(lines.join('\n'));
    },
  );

  app.get(
    '/sitemap.xml',
    { schema: { hide: true }, config: { access: access.public } },
    async (request, reply) => {
      const entries = (await Promise.all(sitemapSources.map((source) => source()))).flat();
      return reply
        .header('cache-control', SITEMAP_CACHE_CONTROL)
        .type('application/xml; charset=utf-8')
        .send(sitemapXml(siteOrigin(config, request), entries));
    },
  );
};
