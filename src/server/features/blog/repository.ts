import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

export function createBlogPostRepository(db: Kysely<DB>) {
  return {
    async countPublished(): Promise<number> {
      const row = await db
        .selectFrom('blogPosts')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('isPublished', '=', 1)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
  };
}

export type BlogPostRepository = ReturnType<typeof createBlogPostRepository>;
