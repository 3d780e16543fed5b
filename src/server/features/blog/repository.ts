import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { createPostQueries } from './post-queries.ts';
import { createPostSaves, type PostSaveOptions } from './post-saves.ts';
import { createPostViews } from './post-views.ts';
import { blogSitemapEntries } from './sitemap.ts';

/**
 * The blog's posts: their reads (post-queries.ts), their saves with revisions and the `onPublished` hook
 * (post-saves.ts), their views (post-views.ts) and the sitemap's list of them (sitemap.ts), as one object.
 */
export function createBlogPostRepository(db: Kysely<DB>, options: PostSaveOptions = {}) {
  return {
    ...createPostQueries(db),
    sitemapEntries: () => blogSitemapEntries(db),
    ...createPostSaves(db, options),
    ...createPostViews(db),
  };
}

export type BlogPostRepository = ReturnType<typeof createBlogPostRepository>;
