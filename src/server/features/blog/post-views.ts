import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/*
 * The views of posts as the database keeps them: a row per visitor, post and day (forgotten after two days),
 * the post's counter and its count per day. Who counts as a visitor is view-counting.ts's question.
 */

/** The blog repository's writes of views. */
export function createPostViews(db: Kysely<DB>) {
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

  return {
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
