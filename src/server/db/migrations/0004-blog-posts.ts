import type { Kysely } from 'kysely';
import { createIndex, type MigrationContext } from './migration-context.ts';

/** Blog posts, with the indexes the public lists and the admin list read in order. */
export async function blogPosts(db: Kysely<unknown>, { timestamp }: MigrationContext) {
  await db.schema
    .createTable('blog_posts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull().defaultTo('Other'))
    .addColumn('image', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('author', 'text', (c) => c.notNull().defaultTo('Admin'))
    .addColumn('is_published', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('published_at', timestamp)
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();
  // The lists end their order with the id (posts published in the same instant): with it in the
  // indexes, every page is read in index order on both dialects, never sorted.
  await createIndex(db, 'blog_posts_published', 'blog_posts', ['is_published', 'published_at', 'id']);
  await createIndex(db, 'blog_posts_category_published', 'blog_posts', [
    'is_published',
    'category',
    'published_at',
    'id',
  ]);
  await createIndex(db, 'blog_posts_created_at', 'blog_posts', ['created_at', 'id']);
}
