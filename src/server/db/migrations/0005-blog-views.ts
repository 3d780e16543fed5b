import type { Kysely } from 'kysely';

/** Who viewed which post on which day (decision 009). */
export async function blogViews(db: Kysely<unknown>) {
  // One row per (post, visitor, day): a view counts once per visitor per post per day, and the
  // primary key is what makes a concurrent repeat a no-op. `day` is an ISO date (YYYY-MM-DD) text
  // on both dialects; `visitor` a keyed hash, never an address.
  await db.schema
    .createTable('blog_post_views')
    .addColumn('post_id', 'text', (c) => c.notNull().references('blog_posts.id').onDelete('cascade'))
    .addColumn('visitor', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('blog_post_views_pk', ['post_id', 'visitor', 'day'])
    .execute();
  await db.schema.createIndex('blog_post_views_day').on('blog_post_views').column('day').execute();
}
