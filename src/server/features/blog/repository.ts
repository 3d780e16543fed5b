import type { ExpressionBuilder, Kysely, SelectQueryBuilder, UpdateObject } from 'kysely';
import type { BlogPost, BlogPostSummary, BlogPostValues } from '../../../shared/contracts/blog.ts';
import type { BlogRevision } from '../../../shared/contracts/blog-revisions.ts';
import type { BlogCategory } from '../../../shared/rules/blog.ts';
import type { Locale } from '../../../shared/rules/locales.ts';
import { type Executor, isUniqueViolation, pageOffset } from '../../db/repository-support.ts';
import type { DB } from '../../db/schema.ts';
import { fromFlag, newId, nowIso, toFlag, toIso } from '../../db/values.ts';
import {
  APP_SAVER,
  keepFirstRevision,
  type RevisionSaver,
  recordRevision,
  whoSavedVersion,
} from './revisions.ts';

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

export interface BlogPage {
  items: BlogPostSummary[];
  total: number;
}

export interface BlogPageQuery {
  page: number;
  pageSize: number;
}

export interface BlogSitemapEntry {
  slug: string;
  language: Locale;
  updatedAt: string;
}

/** A sitemap file holds at most 50,000 URLs; a blog this large would need a sitemap index first. */
const SITEMAP_POSTS_MAX = 45_000;

const SUMMARY_COLUMNS = [
  'id',
  'slug',
  'title',
  'description',
  'category',
  'image',
  'imageAlt',
  'author',
  'isPublished',
  'views',
  'publishedAt',
  'scheduledAt',
  'createdAt',
  'updatedAt',
  'version',
  'language',
  'translationId',
] as const;
const POST_COLUMNS = [...SUMMARY_COLUMNS, 'content'] as const;

interface SummaryRow {
  id: string;
  slug: string;
  title: string;
  description: string;
  category: string;
  image: string;
  imageAlt: string;
  author: string;
  isPublished: number;
  views: number;
  publishedAt: string | Date | null;
  scheduledAt: string | Date | null;
  createdAt: string | Date;
  updatedAt: string | Date;
  version: number;
  language: string;
  translationId: string | null;
}

const toSummary = (row: SummaryRow): BlogPostSummary => ({
  _id: row.id,
  title: row.title,
  description: row.description,
  slug: row.slug,
  category: row.category as BlogCategory,
  image: row.image,
  imageAlt: row.imageAlt,
  author: row.author,
  isPublished: fromFlag(row.isPublished),
  // PostgreSQL's count and integer columns may come back as strings from some drivers' settings.
  views: Number(row.views),
  createdAt: toIso(row.createdAt),
  updatedAt: toIso(row.updatedAt),
  publishedAt: row.publishedAt === null ? null : toIso(row.publishedAt),
  scheduledAt: row.scheduledAt === null ? null : toIso(row.scheduledAt),
  version: Number(row.version),
  language: row.language as Locale,
  translationId: row.translationId,
});

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

const toPost = (row: SummaryRow & { content: string }): BlogPost => ({
  ...toSummary(row),
  content: row.content,
});

export function createBlogPostRepository(
  db: Kysely<DB>,
  {
    clock = Date.now,
    onPublished,
  }: {
    clock?: () => number;
    /** Told of each post that becomes published, in that change's transaction (post.published webhooks). */
    onPublished?: (trx: Executor, post: BlogPost) => Promise<void>;
  } = {},
) {
  const findBy = async (
    column: 'id' | 'slug',
    value: string,
    trx: Executor = db,
  ): Promise<BlogPost | undefined> => {
    const row = await trx
      .selectFrom('blogPosts')
      .select(POST_COLUMNS)
      .where(column, '=', value)
      .executeTakeFirst();
    return row && toPost(row);
  };
  const findById = (id: string, trx?: Executor) => findBy('id', id, trx);

  /** Runs `work` in a transaction: its own, or the one this repository was made with (the demo seed's). */
  const inTransaction = <T>(work: (trx: Executor) => Promise<T>): Promise<T> =>
    db.isTransaction ? work(db) : db.transaction().execute(work);

  const mapUniqueViolation = (error: unknown): never => {
    if (isUniqueViolation(error)) throw new DuplicateSlugError();
    throw error;
  };

  /** One view of the post found by id (or by slug, published only); see recordView. */
  function countView(
    post: { id: string } | { publishedSlug: string },
    visitorKey: string,
    day: string,
  ): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('blogPostViews')
        .columns(['postId', 'visitor', 'day'])
        // Selected from the post itself, so a view of a deleted, unknown (or draft) post inserts nothing.
        .expression((eb) =>
          eb
            .selectFrom('blogPosts')
            .select((inner) => ['id', inner.val(visitorKey).as('visitor'), inner.val(day).as('day')])
            .$call((query) =>
              'id' in post
                ? query.where('id', '=', post.id)
                : query.where('slug', '=', post.publishedSlug).where('isPublished', '=', 1),
            ),
        )
        .onConflict((oc) => oc.columns(['postId', 'visitor', 'day']).doNothing())
        .returning('postId')
        .executeTakeFirst();
      if (!inserted) return false;
      await trx
        .updateTable('blogPosts')
        .set((eb) => ({ views: eb('views', '+', 1) }))
        .where('id', '=', inserted.postId)
        .execute();
      // Per day too, for the dashboard's periods: the visitor rows above are forgotten after two days.
      await trx
        .insertInto('blogPostDailyViews')
        .values({ postId: inserted.postId, day, views: 1 })
        .onConflict((oc) =>
          oc
            .columns(['postId', 'day'])
            .doUpdateSet((eb) => ({ views: eb('blogPostDailyViews.views', '+', 1) })),
        )
        .execute();
      return true;
    });
  }

  /** One page of the posts `query` selects, newest first by `newestBy`, and how many it selects in all. */
  async function summaryPage(
    query: SelectQueryBuilder<DB, 'blogPosts', object>,
    newestBy: 'publishedAt' | 'createdAt',
    page: BlogPageQuery,
  ): Promise<BlogPage> {
    const [rows, count] = await Promise.all([
      query
        .select(SUMMARY_COLUMNS)
        .orderBy(newestBy, 'desc')
        .orderBy('id', 'desc')
        .limit(page.pageSize)
        .offset(pageOffset(page))
        .execute(),
      query.select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow(),
    ]);
    return { items: rows.map(toSummary), total: Number(count.count) };
  }

  /**
   * One change of a post, in a transaction with its revision: `columns` and a new version, only where the
   * version is still `expectedVersion` when one is given (a concurrent save waits on the row and then finds
   * the version moved on).
   */
  function changing(
    id: string,
    savedBy: RevisionSaver,
    expectedVersion: number | undefined,
    columns: (eb: ExpressionBuilder<DB, 'blogPosts'>, now: string) => UpdateObject<DB, 'blogPosts'>,
    /** What else the change writes, in its transaction (a translation's link back). */
    alongside?: (trx: Executor) => Promise<void>,
  ): Promise<BlogPost | undefined> {
    return inTransaction(async (trx) => {
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
      const post = await findById(id, trx);
      if (post?.isPublished && before && !fromFlag(before.isPublished)) await onPublished?.(trx, post);
      return post;
    });
  }

  return {
    async countPublished(): Promise<number> {
      const row = await db
        .selectFrom('blogPosts')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('isPublished', '=', 1)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** Published posts (of one language), newest published first; the total is counted on the same index. */
    listPublished({
      category,
      language,
      ...page
    }: BlogPageQuery & { category?: BlogCategory | undefined; language?: Locale | undefined }) {
      let query = db.selectFrom('blogPosts').where('isPublished', '=', 1);
      if (language) query = query.where('language', '=', language);
      if (category) query = query.where('category', '=', category);
      return summaryPage(query, 'publishedAt', page);
    },

    /** Every post (of one language), drafts included, newest created first (the back office's list). */
    listAll({ language, ...page }: BlogPageQuery & { language?: Locale | undefined }): Promise<BlogPage> {
      let query = db.selectFrom('blogPosts');
      if (language) query = query.where('language', '=', language);
      return summaryPage(query, 'createdAt', page);
    },

    /** The newest published posts of a language, without their content (the RSS feed). */
    async latestPublished(limit: number, language: Locale = 'en'): Promise<BlogPostSummary[]> {
      const rows = await db
        .selectFrom('blogPosts')
        .select(SUMMARY_COLUMNS)
        .where('isPublished', '=', 1)
        .where('language', '=', language)
        .orderBy('publishedAt', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map(toSummary);
    },

    async sitemapEntries(): Promise<BlogSitemapEntry[]> {
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
    },

    findById,

    /** A post's language, when there is such a post (for checking a link to it). */
    async languageOf(id: string): Promise<Locale | undefined> {
      const row = await db.selectFrom('blogPosts').select('language').where('id', '=', id).executeTakeFirst();
      return row?.language as Locale | undefined;
    },

    /**
     * Where a post's translation is read, when it has one that is published (and still names it back):
     * the address its page links to with `hreflang`.
     */
    async publishedTranslation(post: {
      _id: string;
      translationId: string | null;
    }): Promise<{ slug: string; language: Locale } | null> {
      if (!post.translationId) return null;
      const row = await db
        .selectFrom('blogPosts')
        .select(['slug', 'language'])
        .where('id', '=', post.translationId)
        .where('translationId', '=', post._id)
        .where('isPublished', '=', 1)
        .executeTakeFirst();
      return row ? { slug: row.slug, language: row.language as Locale } : null;
    },

    findBySlug(slug: string): Promise<BlogPost | undefined> {
      return findBy('slug', slug);
    },

    /** Whether a post other than `exceptId` has this slug. */
    async slugTaken(slug: string, exceptId?: string): Promise<boolean> {
      let query = db.selectFrom('blogPosts').select('id').where('slug', '=', slug);
      if (exceptId) query = query.where('id', '<>', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    /**
     * Creates the post and its first revision, together.
     * @throws DuplicateSlugError when another post has the slug.
     */
    create(values: BlogPostValues, savedBy: RevisionSaver = APP_SAVER): Promise<BlogPost> {
      return inTransaction(async (trx) => {
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
        const created = await findById(id, trx);
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
    update(
      id: string,
      values: BlogPostValues,
      { savedBy = APP_SAVER, expectedVersion }: SaveOptions = {},
    ): Promise<BlogPost | undefined> {
      return changing(
        id,
        savedBy,
        expectedVersion,
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
    restore(
      id: string,
      revision: BlogRevision,
      { savedBy = APP_SAVER, expectedVersion }: SaveOptions = {},
    ): Promise<BlogPost | undefined> {
      return changing(id, savedBy, expectedVersion, () => ({
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
      return inTransaction(async (trx) => {
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
            const post = await findById(row.id, trx);
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

    /**
     * Counts a view of a post once per visitor per day: the view row and the counter change together, and
     * a repeat (even a concurrent one) finds the row's key taken and changes nothing.
     * Returns whether this view was counted (false for a repeat or an unknown post).
     */
    recordView(postId: string, visitorKey: string, day: string): Promise<boolean> {
      return countView({ id: postId }, visitorKey, day);
    },

    /**
     * recordView for the published post with this slug, in the same single transaction: a page view knows
     * the address, not the id, and a draft or unknown slug counts nothing.
     */
    recordViewOfPublished(slug: string, visitorKey: string, day: string): Promise<boolean> {
      return countView({ publishedSlug: slug }, visitorKey, day);
    },

    /** Sets a post's view count outright, for sample content; readers' views go through recordView. */
    async setViews(id: string, views: number): Promise<void> {
      await db.updateTable('blogPosts').set({ views }).where('id', '=', id).execute();
    },

    /** Forgets who viewed before `day` (YYYY-MM-DD); the counts stay. Returns how many rows went. */
    async purgeViewsBefore(day: string): Promise<number> {
      const result = await db.deleteFrom('blogPostViews').where('day', '<', day).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type BlogPostRepository = ReturnType<typeof createBlogPostRepository>;
