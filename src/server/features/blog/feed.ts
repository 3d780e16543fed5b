import type { FastifyPluginAsync } from 'fastify';
import type { BlogPostSummary } from '../../../shared/blog-rules.ts';
import type { Config } from '../../config.ts';
import { escapeXml } from '../../lib/xml.ts';
import { siteOrigin } from '../../plugins/site-origin.ts';
import type { BlogPostRepository } from './repository.ts';

/** Posts in the feed: the newest published ones. */
export const RSS_ITEM_COUNT = 50;
const RSS_CACHE_CONTROL = 'public, max-age=300';
const BLOG_DESCRIPTION = 'Explore our latest articles and insights';

/** RSS 2.0 with the posts' titles, links and descriptions; dates in RFC 822 as the format asks. */
export function rssXml(origin: string, brandName: string, posts: BlogPostSummary[]): string {
  const blogUrl = `${origin}/blog`;
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
    `    <title>${escapeXml(`${brandName} Blog`)}</title>`,
    `    <link>${escapeXml(blogUrl)}</link>`,
    `    <description>${escapeXml(BLOG_DESCRIPTION)}</description>`,
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
  config: Config;
  blogPosts: BlogPostRepository;
  /** The site's brand name, for the channel title. */
  brandName: () => Promise<string>;
}

/** GET /blog/rss.xml: the blog's RSS feed, with absolute links on the site's origin. */
export const blogFeedRoutes: FastifyPluginAsync<BlogFeedDeps> = async (
  app,
  { config, blogPosts, brandName },
) => {
  app.get('/blog/rss.xml', { schema: { hide: true } }, async (request, reply) => {
    const [brand, posts] = await Promise.all([brandName(), blogPosts.latestPublished(RSS_ITEM_COUNT)]);
    return reply
      .header('cache-control', RSS_CACHE_CONTROL)
      .type('application/rss+xml; charset=utf-8')
      .send(rssXml(siteOrigin(config, request), brand, posts));
  });
};
