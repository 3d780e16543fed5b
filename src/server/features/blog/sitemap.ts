import type { Kysely } from 'kysely';
import { LOCALES, type Locale, localizedPath } from '../../../shared/rules/locales.ts';
import type { DB } from '../../db/schema.ts';
import { toIso } from '../../db/values.ts';
import { inEveryLanguage, type SitemapSource } from '../../lib/sitemap-entries.ts';

export interface BlogSitemapEntry {
  slug: string;
  language: Locale;
  updatedAt: string;
}

/** A sitemap file holds at most 50,000 URLs; a blog this large would need a sitemap index first. */
const SITEMAP_POSTS_MAX = 45_000;

/** The published posts the sitemap lists, newest published first. */
export async function blogSitemapEntries(db: Kysely<DB>): Promise<BlogSitemapEntry[]> {
  const rows = await db
    .selectFrom('blogPosts')
    .select(['slug', 'language', 'updatedAt'])
    .where('isPublished', '=', 1)
    .orderBy('publishedAt', 'desc')
    .orderBy('id', 'desc')
    .limit(SITEMAP_POSTS_MAX)
    .execute();
  return rows.map((row) => ({
    slug: row.slug,
    language: row.language as Locale,
    updatedAt: toIso(row.updatedAt),
  }));
}

/**
 * The blog's part of the sitemap: each language's blog, last changed with its newest post, and each post at
 * its own language's address.
 */
export function blogSitemapSource(blogPosts: {
  sitemapEntries(): Promise<BlogSitemapEntry[]>;
}): SitemapSource {
  return async () => {
    const posts = await blogPosts.sitemapEntries();
    return [
      ...inEveryLanguage('/blog').map((entry, index) => {
        const newest = posts.find((post) => post.language === LOCALES[index]);
        return newest ? { ...entry, lastModified: newest.updatedAt } : entry;
      }),
      ...posts.map((post) => ({
        path: localizedPath(post.language, `/blog/${post.slug}`),
        lastModified: post.updatedAt,
      })),
    ];
  };
}
