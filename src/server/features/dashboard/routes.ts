import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '../../../shared/contracts/api.ts';
import {
  type Dashboard,
  DashboardQuerySchema,
  DashboardResponseSchema,
} from '../../../shared/contracts/dashboard.ts';
import { DASHBOARD_DAYS } from '../../../shared/rules/dashboard.ts';
import { canUse } from '../../../shared/rules/roles.ts';

/**
 * What the dashboard reads from other features, declared here so that it imports none of them:
 * src/server/app.ts passes their repositories, which have these methods among others.
 */
interface DashboardDeps {
  contactInquiries: {
    stats(): Promise<Dashboard['stats']>;
    perDay(days: number, utcOffsetMinutes: number, now: number): Promise<Dashboard['perDay']>;
    recentUnread(limit: number): Promise<Dashboard['recentUnread']>;
  };
  contactChannels: { listActive(): Promise<readonly unknown[]> };
  blogPosts: { countPublished(): Promise<number> };
  clock: () => number;
}

const RECENT_UNREAD = 5;

export const dashboardRoutes: FastifyPluginAsyncZod<DashboardDeps> = async (
  app,
  { contactInquiries, contactChannels, blogPosts, clock },
) => {
  app.get(
    '/api/admin/dashboard',
    {
      onRequest: app.requireAccess('dashboard'),
      schema: {
        tags: ['dashboard'],
        summary: 'The back office’s figures: inquiry counts, inquiries per day, unread, posts and channels',
        querystring: DashboardQuerySchema,
        response: { 200: DashboardResponseSchema, 400: ApiErrorSchema, 401: ApiErrorSchema },
      },
    },
    async (request) => {
      // The figures are for everyone; who wrote and what, only for those who may read inquiries.
      const readsInquiries = canUse(request.admin!.role, 'inbox');
      const [stats, perDay, recentUnread, publishedPosts, activeContacts] = await Promise.all([
        contactInquiries.stats(),
        contactInquiries.perDay(DASHBOARD_DAYS, request.query.utcOffsetMinutes, clock()),
        readsInquiries ? contactInquiries.recentUnread(RECENT_UNREAD) : [],
        blogPosts.countPublished(),
        contactChannels.listActive().then((contacts) => contacts.length),
      ]);
      return { dashboard: { stats, perDay, recentUnread, publishedPosts, activeContacts } };
    },
  );
};
