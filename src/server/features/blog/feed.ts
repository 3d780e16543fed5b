import type { FastifyPluginAsync } from 'fastify';
import type { BlogPostSummary } from '../../../shared/contracts/blog.ts';
import { INTL_LOCALE, LOCALES, type Locale, localizedPath } from '../../../shared/rules/locales.ts';
import type { SiteAddressConfig } from '../../config.ts';
import { siteOrigin } from '../../lib/site-origin.ts';
import { escapeXml } from '../../lib/xml.ts';
import { access } from '../../plugins/access.ts';
import type { BlogPostRepository } from './repository.ts';

/** Posts in the feed: the newest published ones. */
const RSS_ITEM_COUNT = 50;
const RSS_CACHE_CONTROL = 'public, max-age=300';
/** Each language's feed, of its own posts, says what it is in that language (as the blog's page does). */
const FEED_TEXT: Record<Locale, { title: (brand: string) => string; description: string }> = {
  en: { title: (brand) => `${brand} Blog`, description: 'Explore our latest articles and insights' },
  hi: { title: (brand) => `${brand} ब्लॉग`, description: 'हमारे नए लेख और काम की जानकारी पढ़ें' },
};

/** RSS 2.0 with the posts' titles, links and descriptions; dates in RFC 822 as the format asks. */
function rssXml(origin: string, brandName: string, posts: BlogPostSummary[], language: Locale): string {
  const blogUrl = `${origin}${localizedPath(language, '/blog')}`;
  const text = FEED_TEXT[language];
  const items = posts.map((post) => {
    const link = `${blogUrl}/${post.slug}`;
    return [
      '    <item>',
      `      <title>${escapeXml(post.title)}</title>`,
      `      <link>${escapeXml(link)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
      `      <pubDate>${new Date(post.publishedAt ?? post.createdAt).toUTCString()}</pubDate>`,
      `      <description>${escapeXml(post.description)}</description>`,
      `      <category>${escapeXml(post.category)}</category>`,
      '    </item>',
    ].join('\n');
  });
  const newest = posts[0];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    <title>${escapeXml(text.title(brandName))}</title>`,
    `    <link>${escapeXml(blogUrl)}</link>`,
    `    <description>${escapeXml(text.description)}</description>`,
    `    <language>${INTL_LOCALE[language]}</language>`,
    `    <atom:link href="${escapeXml(`${blogUrl}/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
    ...(newest
      ? [
          `    <lastBuildDate>${new Date(newest.publishedAt ?? newest.createdAt).toUTCString()}</lastBuildDate>`,
        ]
      : []),
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}

export interface BlogFeedDeps {
  config: SiteAddressConfig;
  blogPosts: BlogPostRepository;
  /** The site's brand name, for the channel title. */
  brandName: () => Promise<string>;
}

/**
 * GET /blog/rss.xml (the English posts) and /hi/blog/rss.xml (the Hindi ones): each blog's RSS feed, with
 * absolute links on the site's origin.
 */
export const blogFeedRoutes: FastifyPluginAsync<BlogFeedDeps> = async (
  app,
  { config, blogPosts, brandName },
) => {
  for (const language of LOCALES) {
    app.get(
      localizedPath(language, '/blog/rss.xml'),
      { schema: { hide: true }, config: { access: access.public } },
      async (request, reply) => {
        const [brand, posts] = await Promise.all([
          brandName(),
          blogPosts.latestPublished(RSS_ITEM_COUNT, language),
        ]);
        return reply
          .header('cache-control', RSS_CACHE_CONTROL)
          .type('application/rss+xml; charset=utf-8')
          .send(rssXml(siteOrigin(config, request), brand, posts, language));
      },
    );
  }
};
