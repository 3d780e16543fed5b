import type { Kysely } from 'kysely';
import { createIndex, type MigrationContext } from './migration-context.ts';

/**
 * Blog posts by language (issue 20): each post is English or Hindi, and may be linked to its translation.
 * The link is kept on both posts, each naming the other (the repository writes both in one transaction), so
 * either page finds its counterpart by its own row; deleting one post clears the other's link.
 */
export async function postLanguages(db: Kysely<unknown>, _context: MigrationContext) {
  // Every post written so far is English.
  await db.schema
    .alterTable('blog_posts')
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
    .execute();
  await db.schema
    .alterTable('blog_posts')
    .addColumn('translation_id', 'text', (c) => c.references('blog_posts.id').onDelete('set null'))
    .execute();
  // Each language's list: its published posts, newest first (and of one category).
  await createIndex(db, 'blog_posts_language_published', 'blog_posts', [
    'language',
    'is_published',
    'published_at',
    'id',
  ]);
  await createIndex(db, 'blog_posts_translation_id', 'blog_posts', ['translation_id']);
}
