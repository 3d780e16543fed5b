import type { ExpressionBuilder, Kysely, UpdateObject } from 'kysely';
import type { BlogPost, BlogPostValues } from '../../../shared/contracts/blog.ts';
import type { BlogRevision } from '../../../shared/contracts/blog-revisions.ts';
import { type Executor, isUniqueViolation } from '../../db/repository-support.ts';
import type { DB } from '../../db/schema.ts';
import { fromFlag, newId, nowIso, toFlag, toIso } from '../../db/values.ts';
import { findPostBy } from './post-queries.ts';
import {
  APP_SAVER,
  keepFirstRevision,
  type RevisionSaver,
  recordRevision,
  whoSavedVersion,
} from './revisions.ts';

/*
 * Writing posts: create, update, restore a revision, publish what is due, delete. Each save keeps a revision
 * in its own transaction, and a post that becomes published is told to `onPublished` there too.
 */

/** Another post already has this slug (found by the unique index: two saves raced). */
export class DuplicateSlugError extends Error {
  constructor() {
    super('duplicate blog post slug');
  }
}

/**
 * A save named an older version than the stored one: someone else saved meanwhile. Carries who saved the
 * stored version and when, when a revision of it is kept.
 */
export class EditConflictError extends Error {
  constructor(readonly lastSave: { by: string; at: string } | null) {
    super('blog post edit conflict');
  }
}

/** Who saves, and the version the editor started from (none: the save is taken whatever the version). */
export interface SaveOptions {
  savedBy?: RevisionSaver;
  expectedVersion?: number | undefined;
}

export interface PostSaveOptions {
  clock?: () => number;
  /** Told of each post that becomes published, in that change's transaction (post.published webhooks). */
  onPublished?: (trx: Executor, post: BlogPost) => Promise<void>;
}

/** What every save works with. */
interface SaveContext {
  db: Kysely<DB>;
  clock: () => number;
  onPublished: PostSaveOptions['onPublished'];
}

/** The columns the form's fields fill, on create and on update alike. */
const formColumns = (values: BlogPostValues) => ({
  slug: values.slug,
  title: values.title,
  description: values.description,
  content: values.content,
  category: values.category,
  image: values.image,
  imageAlt: values.imageAlt ?? '',
  author: values.author,
  isPublished: toFlag(values.isPublished),
  scheduledAt: values.scheduledAt,
  language: values.language,
  translationId: values.translationId,
});

/**
 * Makes `translationId` (or no post) the translation of post `id`, on both sides: whatever either of them
 * was linked to before loses its link. The caller checked that the translation is in the other language.
 */
async function linkTranslation(trx: Executor, id: string, translationId: string | null): Promise<void> {
  let unlink = trx.updateTable('blogPosts').set({ translationId: null }).where('translationId', '=', id);
  if (translationId) unlink = unlink.where('id', '<>', translationId);
  await unlink.execute();
  if (!translationId) return;
  await trx
    .updateTable('blogPosts')
    .set({ translationId: null })
    .where('translationId', '=', translationId)
    .where('id', '<>', id)
    .execute();
  await trx.updateTable('blogPosts').set({ translationId: id }).where('id', '=', translationId).execute();
}

/** Runs `work` in a transaction: its own, or the one the repository was made with (the demo seed's). */
const inTransaction = <T>(db: Kysely<DB>, work: (trx: Executor) => Promise<T>): Promise<T> =>
  db.isTransaction ? work(db) : db.transaction().execute(work);

const mapUniqueViolation = (error: unknown): never => {
  if (isUniqueViolation(error)) throw new DuplicateSlugError();
  throw error;
};

/**
 * One change of a post, in a transaction with its revision: `columns` and a new version, only where the
 * version is still `expectedVersion` when one is given (a concurrent save waits on the row and then finds
 * the version moved on).
 */
function changePost(
  { db, clock, onPublished }: SaveContext,
  id: string,
  { savedBy = APP_SAVER, expectedVersion }: SaveOptions,
  columns: (eb: ExpressionBuilder<DB, 'blogPosts'>, now: string) => UpdateObject<DB, 'blogPosts'>,
  /** What else the change writes, in its transaction (a translation's link back). */
  alongside?: (trx: Executor) => Promise<void>,
): Promise<BlogPost | undefined> {
  return inTransaction(db, async (trx) => {
    const now = nowIso(clock);
    const before =
      onPublished &&
      (await trx.selectFrom('blogPosts').select('isPublished').where('id', '=', id).executeTakeFirst());
    await keepFirstRevision(trx, id);
    let query = trx
      .updateTable('blogPosts')
      .set((eb) => ({ ...columns(eb, now), updatedAt: now, version: eb('version', '+', 1) }))
      .where('id', '=', id);
    if (expectedVersion !== undefined) query = query.where('version', '=', expectedVersion);
    const result = await query.executeTakeFirst().catch(mapUniqueViolation);
    if (Number(result.numUpdatedRows) === 0) {
      const stored = await trx
        .selectFrom('blogPosts')
        .select('version')
        .where('id', '=', id)
        .executeTakeFirst();
      if (!stored) return undefined;
      throw new EditConflictError((await whoSavedVersion(trx, id, Number(stored.version))) ?? null);
    }
    await alongside?.(trx);
    await recordRevision(trx, id, savedBy, now);
    const post = await findPostBy(trx, 'id', id);
    if (post?.isPublished && before && !fromFlag(before.isPublished)) await onPublished?.(trx, post);
    return post;
  });
}

/** The blog repository's writes of posts. */
export function createPostSaves(db: Kysely<DB>, { clock = Date.now, onPublished }: PostSaveOptions = {}) {
  const context: SaveContext = { db, clock, onPublished };
  return {
    /**
     * Creates the post and its first revision, together.
     * @throws DuplicateSlugError when another post has the slug.
     */
    create(values: BlogPostValues, savedBy: RevisionSaver = APP_SAVER): Promise<BlogPost> {
      return inTransaction(db, async (trx) => {
        const now = nowIso(clock);
        const id = newId();
        await trx
          .insertInto('blogPosts')
          .values({
            id,
            ...formColumns(values),
            views: 0,
            publishedAt: values.isPublished ? now : null,
            createdAt: now,
            updatedAt: now,
          })
          .execute()
          .catch(mapUniqueViolation);
        await linkTranslation(trx, id, values.translationId);
        await recordRevision(trx, id, savedBy, now);
        const created = await findPostBy(trx, 'id', id);
        if (!created) throw new Error(`blog post ${id} vanished after insert`);
        if (created.isPublished) await onPublished?.(trx, created);
        return created;
      });
    },

    /**
     * Replaces a post's fields and keeps the result as a revision, together; undefined when there is no
     * such post. The first publication date is set once, in the same statement, and kept through
     * unpublishing and republishing. With `expectedVersion`, the check and the change are one statement.
     * @throws DuplicateSlugError when another post has the slug.
     * @throws EditConflictError when the post's version is not `expectedVersion`.
     */
    update(id: string, values: BlogPostValues, options: SaveOptions = {}): Promise<BlogPost | undefined> {
      return changePost(
        context,
        id,
        options,
        (eb, now) => ({
          ...formColumns(values),
          ...(values.isPublished
            ? { publishedAt: eb.fn.coalesce('publishedAt', eb.val(now)).$castTo<string>() }
            : {}),
        }),
        (trx) => linkTranslation(trx, id, values.translationId),
      );
    },

    /**
     * Puts a revision's text back (title, description, content, slug, category, image and author) as a new
     * version with its own revision. Whether the post is published, and when, stays as it is: bringing back
     * old words must not take a live post off the blog.
     * @throws DuplicateSlugError when another post has taken the revision's slug since.
     * @throws EditConflictError when the post's version is not `expectedVersion`.
     */
    restore(id: string, revision: BlogRevision, options: SaveOptions = {}): Promise<BlogPost | undefined> {
      return changePost(context, id, options, () => ({
        slug: revision.slug,
        title: revision.title,
        description: revision.description,
        content: revision.content,
        category: revision.category,
        image: revision.image,
        imageAlt: revision.imageAlt,
        author: revision.author,
      }));
    },

    /**
     * Publishes every draft whose scheduled time has come, in one statement: when several instances sweep at
     * once, the database gives each post to one of them, so each is published exactly once. A post shows at
     * its scheduled time's place in the lists (the sweep may come a little later), unless it was published
     * before: like a post republished by hand, it keeps its first publication date.
     * Returns the posts this call published.
     */
    async publishDue(now: string): Promise<{ id: string; slug: string; publishedAt: string }[]> {
      // Usually nothing is due: a read on the index answers that without taking SQLite's one writer from
      // the contact form every sweep.
      const due = await db
        .selectFrom('blogPosts')
        .select('id')
        .where('isPublished', '=', 0)
        .where('scheduledAt', '<=', now)
        .limit(1)
        .executeTakeFirst();
      if (!due) return [];
      return inTransaction(db, async (trx) => {
        const rows = await trx
          .updateTable('blogPosts')
          .set((eb) => ({
            isPublished: 1,
            publishedAt: eb.fn.coalesce('publishedAt', 'scheduledAt').$castTo<string>(),
            scheduledAt: null,
            version: eb('version', '+', 1),
            updatedAt: now,
          }))
          .where('isPublished', '=', 0)
          .where('scheduledAt', '<=', now)
          .returning(['id', 'slug', 'publishedAt'])
          .execute();
        if (onPublished) {
          for (const row of rows) {
            const post = await findPostBy(trx, 'id', row.id);
            if (post) await onPublished(trx, post);
          }
        }
        // Never null: coalesced with the scheduled time, which the WHERE found set.
        return rows.map((row) => ({ id: row.id, slug: row.slug, publishedAt: toIso(row.publishedAt!) }));
      });
    },

    async delete(id: string): Promise<boolean> {
      const result = await db.deleteFrom('blogPosts').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
