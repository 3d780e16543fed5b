import type { Kysely } from 'kysely';
import { createIndex, type MigrationContext } from './migration-context.ts';

/**
 * Content tools (issue 19): uploaded images and their sizes, scheduled publishing, revisions and
 * autosaved drafts of posts, and which contact channels visitors open, per day.
 */
export async function contentTools(db: Kysely<unknown>, { dialect, timestamp }: MigrationContext) {
  // Bumped by every change to a post (a save, a restore, a scheduled publication): a save that names an
  // older version is refused with 409 instead of overwriting someone else's change.
  await db.schema
    .alterTable('blog_posts')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  // When a draft is to be published by itself; null when it is not scheduled.
  await db.schema.alterTable('blog_posts').addColumn('scheduled_at', timestamp).execute();
  await createIndex(db, 'blog_posts_scheduled_at', 'blog_posts', ['scheduled_at']);
  // The feature image's alternative text (empty: the image is decorative).
  await db.schema
    .alterTable('blog_posts')
    .addColumn('image_alt', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  // An uploaded image: what it is, as checked from its bytes. Its files (sizes and formats) are below.
  await db.schema
    .createTable('uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('alt', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('original_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'text', (c) => c.references('admins.id').onDelete('set null'))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await createIndex(db, 'uploads_created_at', 'uploads', ['created_at', 'id']);
  // One stored file of an upload, by name (e.g. `800.webp`): every instance reads the same bytes.
  await db.schema
    .createTable('upload_files')
    .addColumn('upload_id', 'text', (c) => c.notNull().references('uploads.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('data', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
    .addPrimaryKeyConstraint('upload_files_pk', ['upload_id', 'name'])
    .execute();

  // Every saved version of a post, with who saved it; the author's name is copied so a revision outlives
  // its author's account.
  await db.schema
    .createTable('blog_post_revisions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('post_id', 'text', (c) => c.notNull().references('blog_posts.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('image', 'text', (c) => c.notNull())
    .addColumn('image_alt', 'text', (c) => c.notNull())
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('is_published', 'integer', (c) => c.notNull())
    .addColumn('scheduled_at', timestamp)
    .addColumn('saved_by', 'text', (c) => c.references('admins.id').onDelete('set null'))
    .addColumn('saved_by_name', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await createIndex(db, 'blog_post_revisions_post_id', 'blog_post_revisions', ['post_id', 'version']);

  // What a user is typing in the editor, kept every few seconds: one row per user and post (`post_key` is
  // the post's id, or `new` for a post not yet created). The form's values as JSON, unchecked.
  await db.schema
    .createTable('blog_post_autosaves')
    .addColumn('admin_id', 'text', (c) => c.notNull().references('admins.id').onDelete('cascade'))
    .addColumn('post_key', 'text', (c) => c.notNull())
    .addColumn('post_id', 'text', (c) => c.references('blog_posts.id').onDelete('cascade'))
    .addColumn('base_version', 'integer')
    .addColumn('values', 'text', (c) => c.notNull())
    .addColumn('saved_at', timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('blog_post_autosaves_pk', ['admin_id', 'post_key'])
    .execute();

  // Clicks on a contact channel, per day (YYYY-MM-DD in the business's time zone): a count, nothing about
  // who clicked.
  await db.schema
    .createTable('channel_clicks')
    .addColumn('channel_id', 'text', (c) => c.notNull().references('contact_channels.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('clicks', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('channel_clicks_pk', ['channel_id', 'day'])
    .execute();
  await createIndex(db, 'channel_clicks_day', 'channel_clicks', ['day']);

  // Counted views of a post per day, kept after the per-visitor rows are purged (the dashboard's periods).
  await db.schema
    .createTable('blog_post_daily_views')
    .addColumn('post_id', 'text', (c) => c.notNull().references('blog_posts.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('views', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('blog_post_daily_views_pk', ['post_id', 'day'])
    .execute();
  await createIndex(db, 'blog_post_daily_views_day', 'blog_post_daily_views', ['day']);
}
