import type { Kysely } from 'kysely';
import type { BlogRevision, BlogRevisionSummary } from '../../../shared/contracts/blog-revisions.ts';
import type { BlogCategory } from '../../../shared/rules/blog.ts';
import { BLOG_REVISIONS_KEPT } from '../../../shared/rules/blog-revisions.ts';
import type { Executor } from '../../db/repository-support.ts';
import type { DB } from '../../db/schema.ts';
import { fromFlag, newId, toIso } from '../../db/values.ts';

/** Who saved a revision: a user (their name, or email when they have none), or the app itself. */
export interface RevisionSaver {
  id: string | null;
  name: string;
}

/** Content the app puts in by itself (the sample posts), not a user. */
export const APP_SAVER: RevisionSaver = { id: null, name: 'Sampark' };

/** The fields of a post a revision shows and restore reads (BlogRevision), as both tables name them. */
const SHOWN_COLUMNS = [
  'title',
  'description',
  'content',
  'slug',
  'category',
  'image',
  'imageAlt',
  'author',
  'isPublished',
] as const;

/** The fields of a post a revision keeps: those it shows, the version it was, and its publishing time. */
const KEPT_COLUMNS = ['version', ...SHOWN_COLUMNS, 'scheduledAt'] as const;

/**
 * Keeps a copy of the post as it now stands in `trx`, saved by `saver` at `at`, and forgets the revisions
 * older than the newest BLOG_REVISIONS_KEPT. Versions count up by one per change, so the cut is by version.
 */
export async function recordRevision(
  trx: Executor,
  postId: string,
  saver: RevisionSaver,
  at: string,
): Promise<void> {
  const post = await trx
    .selectFrom('blogPosts')
    .select(KEPT_COLUMNS)
    .where('id', '=', postId)
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('blogPostRevisions')
    .values({
      id: newId(),
      postId,
      ...post,
      scheduledAt: post.scheduledAt === null ? null : toIso(post.scheduledAt),
      savedBy: saver.id,
      savedByName: saver.name,
      createdAt: at,
    })
    .execute();
  await trx
    .deleteFrom('blogPostRevisions')
    .where('postId', '=', postId)
    .where('version', '<=', Number(post.version) - BLOG_REVISIONS_KEPT)
    .execute();
}

/**
 * A post saved before revisions were kept has none: its text as it stands is kept first (without a saver),
 * so the first edit after the upgrade can be undone too.
 */
export async function keepFirstRevision(trx: Executor, postId: string): Promise<void> {
  const any = await trx
    .selectFrom('blogPostRevisions')
    .select('id')
    .where('postId', '=', postId)
    .limit(1)
    .executeTakeFirst();
  if (any) return;
  const post = await trx
    .selectFrom('blogPosts')
    .select('updatedAt')
    .where('id', '=', postId)
    .executeTakeFirst();
  if (post) await recordRevision(trx, postId, { id: null, name: '' }, toIso(post.updatedAt));
}

interface RevisionRow {
  id: string;
  version: number;
  savedByName: string;
  createdAt: string | Date;
  title: string;
}

const toSummary = (row: RevisionRow): BlogRevisionSummary => ({
  _id: row.id,
  version: Number(row.version),
  savedByName: row.savedByName,
  createdAt: toIso(row.createdAt),
  title: row.title,
});

export function createBlogRevisionRepository(db: Kysely<DB>) {
  return {
    /** A post's revisions, newest first, without their text (at most BLOG_REVISIONS_KEPT, and the first). */
    async list(postId: string): Promise<BlogRevisionSummary[]> {
      const rows = await db
        .selectFrom('blogPostRevisions')
        .select(['id', 'version', 'savedByName', 'createdAt', 'title'])
        .where('postId', '=', postId)
        .orderBy('version', 'desc')
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toSummary);
    },

    /** One revision of this post, with everything it kept. */
    async find(postId: string, revisionId: string, trx: Executor = db): Promise<BlogRevision | undefined> {
      const row = await trx
        .selectFrom('blogPostRevisions')
        .select(['id', 'version', 'savedByName', 'createdAt', ...SHOWN_COLUMNS])
        .where('postId', '=', postId)
        .where('id', '=', revisionId)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        ...toSummary(row),
        description: row.description,
        content: row.content,
        slug: row.slug,
        category: row.category as BlogCategory,
        image: row.image,
        imageAlt: row.imageAlt,
        author: row.author,
        isPublished: fromFlag(Number(row.isPublished)),
      };
    },
  };
}

export type BlogRevisionRepository = ReturnType<typeof createBlogRevisionRepository>;

/** Who saved this version of the post, and when; undefined when no revision of it is kept. */
export async function whoSavedVersion(
  trx: Executor,
  postId: string,
  version: number,
): Promise<{ by: string; at: string } | undefined> {
  const row = await trx
    .selectFrom('blogPostRevisions')
    .select(['savedByName', 'createdAt'])
    .where('postId', '=', postId)
    .where('version', '=', version)
    .orderBy('createdAt', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && { by: row.savedByName, at: toIso(row.createdAt) };
}
