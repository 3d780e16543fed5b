import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { BlogPost, BlogPostSummary } from '../../../shared/contracts/blog.ts';
import type { BlogCategory } from '../../../shared/rules/blog.ts';
import type { Locale } from '../../../shared/rules/locales.ts';
import { containsPattern, type Executor, pageOffset } from '../../db/repository-support.ts';
import type { DB } from '../../db/schema.ts';
import { fromFlag, toIso } from '../../db/values.ts';

/*
 * Reading posts: one post, the lists (the public blog's, the back office's, the feed's) and the small checks
 * a save makes first (a slug taken, a translation's language).
 */

export interface BlogPage {
  items: BlogPostSummary[];
  total: number;
}

export interface BlogPageQuery {
  page: number;
  pageSize: number;
}

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

const toPost = (row: SummaryRow & { content: string }): BlogPost => ({
  ...toSummary(row),
  content: row.content,
});

/** The post with this id or slug, read with `executor`: the database, or a save's own transaction. */
export async function findPostBy(
  executor: Executor,
  column: 'id' | 'slug',
  value: string,
): Promise<BlogPost | undefined> {
  const row = await executor
    .selectFrom('blogPosts')
    .select(POST_COLUMNS)
    .where(column, '=', value)
    .executeTakeFirst();
  return row && toPost(row);
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

/** The blog repository's reads. */
export function createPostQueries(db: Kysely<DB>) {
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

    findById(id: string, trx: Executor = db): Promise<BlogPost | undefined> {
      return findPostBy(trx, 'id', id);
    },

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
      return findPostBy(db, 'slug', slug);
    },

    /** Whether a post other than `exceptId` has this slug. */
    async slugTaken(slug: string, exceptId?: string): Promise<boolean> {
      let query = db.selectFrom('blogPosts').select('id').where('slug', '=', slug);
      if (exceptId) query = query.where('id', '<>', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    /** Whether a post's feature image or text holds `text` (an upload's address, before it is deleted). */
    async mentions(text: string): Promise<boolean> {
      const pattern = containsPattern(text);
      const post = await db
        .selectFrom('blogPosts')
        .select('id')
        .where((eb) =>
          eb.or([
            sql<boolean>`${sql.ref('image')} like ${pattern} escape '\\'`,
            sql<boolean>`${sql.ref('content')} like ${pattern} escape '\\'`,
          ]),
        )
        .limit(1)
        .executeTakeFirst();
      return post !== undefined;
    },
  };
}
