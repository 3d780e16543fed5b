import type { Kysely } from 'kysely';
import type { Autosave, AutosaveValues } from '../../../shared/contracts/blog-revisions.ts';
import { NEW_POST_KEY } from '../../../shared/rules/blog-revisions.ts';
import type { DB } from '../../db/schema.ts';
import { nowIso, toIso } from '../../db/values.ts';

/** The post was deleted while its draft was being kept (the foreign key refused the row). */
function isMissingPost(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503';
}

/**
 * What each user is typing in the blog editor, one draft per user and post (`postKey`: the post's id, or
 * `new`). A draft is its owner's alone: every method takes the user's id.
 */
export function createBlogAutosaveRepository(
  db: Kysely<DB>,
  { clock = Date.now }: { clock?: () => number } = {},
) {
  return {
    async find(adminId: string, postKey: string): Promise<Autosave | undefined> {
      const row = await db
        .selectFrom('blogPostAutosaves')
        .select(['values', 'baseVersion', 'savedAt'])
        .where('adminId', '=', adminId)
        .where('postKey', '=', postKey)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        // Written by save() from checked values only.
        values: JSON.parse(row.values) as AutosaveValues,
        baseVersion: row.baseVersion === null ? null : Number(row.baseVersion),
        savedAt: toIso(row.savedAt),
      };
    },

    /**
     * Keeps the user's draft, replacing the one before. Returns when it was kept, or undefined when the
     * post does not exist (a draft of a deleted post would never be shown).
     */
    async save(
      adminId: string,
      postKey: string,
      values: AutosaveValues,
      baseVersion: number | null,
    ): Promise<string | undefined> {
      const savedAt = nowIso(clock);
      const postId = postKey === NEW_POST_KEY ? null : postKey;
      if (postId !== null) {
        const post = await db
          .selectFrom('blogPosts')
          .select('id')
          .where('id', '=', postId)
          .executeTakeFirst();
        if (!post) return undefined;
      }
      const row = { values: JSON.stringify(values), baseVersion, savedAt };
      try {
        await db
          .insertInto('blogPostAutosaves')
          .values({ adminId, postKey, postId, ...row })
          .onConflict((oc) => oc.columns(['adminId', 'postKey']).doUpdateSet(row))
          .execute();
      } catch (error) {
        if (isMissingPost(error)) return undefined;
        throw error;
      }
      return savedAt;
    },

    /** Forgets the user's draft of this post; whether there was one. */
    async delete(adminId: string, postKey: string): Promise<boolean> {
      const result = await db
        .deleteFrom('blogPostAutosaves')
        .where('adminId', '=', adminId)
        .where('postKey', '=', postKey)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type BlogAutosaveRepository = ReturnType<typeof createBlogAutosaveRepository>;
