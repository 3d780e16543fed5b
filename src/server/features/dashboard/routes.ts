import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '../../../shared/contracts/api.ts';
import { DashboardQuerySchema, DashboardResponseSchema } from '../../../shared/contracts/dashboard.ts';
import { DASHBOARD_DAYS } from '../../../shared/rules/dashboard.ts';
import type { BlogPostRepository } from '../blog/repository.ts';
import type { ContactChannelRepository } from '../contact-channels/repository.ts';
import type { ContactInquiryRepository } from '../contact-inquiries/repository.ts';

export interface DashboardDeps {
  contactInquiries: ContactInquiryRepository;
  contactChannels: ContactChannelRepository;
  blogPosts: BlogPostRepository;
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
      onRequest: app.requireAdmin,
      schema: {
        tags: ['dashboard'],
        summary: 'The back office’s figures: inquiry counts, inquiries per day, unread, posts and channels',
        querystring: DashboardQuerySchema,
        response: { 200: DashboardResponseSchema, 400: ApiErrorSchema, 401: ApiErrorSchema },
      },
    },
    async (request) => {
      const [stats, perDay, recentUnread, publishedPosts, activeContacts] = await Promise.all([
        contactInquiries.stats(),
        contactInquiries.perDay(DASHBOARD_DAYS, request.query.utcOffsetMinutes, clock()),
        contactInquiries.recentUnread(RECENT_UNREAD),
        blogPosts.countPublished(),
        contactChannels.listActive().then((contacts) => contacts.length),
      ]);
      return { dashboard: { stats, perDay, recentUnread, publishedPosts, activeContacts } };
    },
  );
};
