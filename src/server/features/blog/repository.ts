import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { BlogPost, BlogPostSummary, BlogPostValues } from '../../../shared/contracts/blog.ts';
import type { BlogCategory } from '../../../shared/rules/blog.ts';
import { type Executor, isUniqueViolation, pageOffset } from '../../db/repository-support.ts';
import type { DB } from '../../db/schema.ts';
import { fromFlag, newId, nowIso, toFlag, toIso } from '../../db/values.ts';

/** Another post already has this slug (found by the unique index: two saves raced). */
export class DuplicateSlugError extends Error {
  constructor() {
    super('duplicate blog post slug');
  }
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
  'createdAt',
  'updatedAt',
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
  createdAt: string | Date;
  updatedAt: string | Date;
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
});

const toPost = (row: SummaryRow & { content: string }): BlogPost => ({
  ...toSummary(row),
  content: row.content,
});

export function createBlogPostRepository(
  db: Kysely<DB>,
  { clock = Date.now }: { clock?: () => number } = {},
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

  return {
    async countPublished(): Promise<number> {
      const row = await db
        .selectFrom('blogPosts')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('isPublished', '=', 1)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** Published posts, newest published first; the total is counted on the same index. */
    listPublished({ category, ...page }: BlogPageQuery & { category?: BlogCategory | undefined }) {
      let query = db.selectFrom('blogPosts').where('isPublished', '=', 1);
      if (category) query = query.where('category', '=', category);
      return summaryPage(query, 'publishedAt', page);
    },

    /** Every post, drafts included, newest created first (the back office's list). */
    listAll(page: BlogPageQuery): Promise<BlogPage> {
      return summaryPage(db.selectFrom('blogPosts'), 'createdAt', page);
    },

    /** The newest published posts, without their content (the RSS feed). */
    async latestPublished(limit: number): Promise<BlogPostSummary[]> {
      const rows = await db
        .selectFrom('blogPosts')
        .select(SUMMARY_COLUMNS)
        .where('isPublished', '=', 1)
        .orderBy('publishedAt', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map(toSummary);
    },

    async sitemapEntries(): Promise<BlogSitemapEntry[]> {
      const rows = await db
        .selectFrom('blogPosts')
        .select(['slug', 'updatedAt'])
        .where('isPublished', '=', 1)
        .orderBy('publishedAt', 'desc')
        .orderBy('id', 'desc')
        .limit(SITEMAP_POSTS_MAX)
        .execute();
      return rows.map((row) => ({ slug: row.slug, updatedAt: toIso(row.updatedAt) }));
    },

    findById,

    findBySlug(slug: string): Promise<BlogPost | undefined> {
      return findBy('slug', slug);
    },

    /** Whether a post other than `exceptId` has this slug. */
    async slugTaken(slug: string, exceptId?: string): Promise<boolean> {
      let query = db.selectFrom('blogPosts').select('id').where('slug', '=', slug);
      if (exceptId) query = query.where('id', '<>', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    /** @throws DuplicateSlugError when another post has the slug. */
    async create(values: BlogPostValues): Promise<BlogPost> {
      const now = nowIso(clock);
      const id = newId();
      await db
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
      const created = await findById(id);
      if (!created) throw new Error(`blog post ${id} vanished after insert`);
      return created;
    },

    /**
     * Replaces a post's fields; undefined when there is no such post. The first publication date is set
     * once, in the same statement, and kept through unpublishing and republishing.
     * @throws DuplicateSlugError when another post has the slug.
     */
    async update(id: string, values: BlogPostValues): Promise<BlogPost | undefined> {
      const now = nowIso(clock);
      const result = await db
        .updateTable('blogPosts')
        .set((eb) => ({
          ...formColumns(values),
          ...(values.isPublished
            ? { publishedAt: eb.fn.coalesce('publishedAt', eb.val(now)).$castTo<string>() }
            : {}),
          updatedAt: now,
        }))
        .where('id', '=', id)
        .executeTakeFirst()
        .catch(mapUniqueViolation);
      if (Number(result.numUpdatedRows) === 0) return undefined;
      return findById(id);
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
