import type { Kysely } from 'kysely';
import type { PostViewTotal } from '../../../shared/contracts/dashboard.ts';
import type { DB } from '../../db/schema.ts';

/**
 * The posts' counted views per day (blog_post_daily_views), written with each view in post-views.ts's
 * countView; its days are the UTC days views are counted on (view-counting.ts).
 */
export function createBlogDailyViewRepository(db: Kysely<DB>) {
  return {
    /** The `limit` posts most viewed from `fromDay` to `toDay` (inclusive), most viewed first. */
    async mostViewedBetween(fromDay: string, toDay: string, limit: number): Promise<PostViewTotal[]> {
      const rows = await db
        .selectFrom('blogPostDailyViews')
        .innerJoin('blogPosts', 'blogPosts.id', 'blogPostDailyViews.postId')
        .where('blogPostDailyViews.day', '>=', fromDay)
        .where('blogPostDailyViews.day', '<=', toDay)
        .groupBy(['blogPosts.id', 'blogPosts.title'])
        .select((eb) => [
          'blogPosts.id',
          'blogPosts.title',
          eb.fn.sum<number | string>('blogPostDailyViews.views').as('viewsInPeriod'),
        ])
        .orderBy('viewsInPeriod', 'desc')
        .orderBy('blogPosts.title')
        .orderBy('blogPosts.id')
        .limit(limit)
        .execute();
      return rows.map((row) => ({ postId: row.id, title: row.title, views: Number(row.viewsInPeriod) }));
    },
  };
}
