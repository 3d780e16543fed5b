import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema, MessageResponseSchema } from '../../../shared/contracts/api.ts';
import type { ContactChannel } from '../../../shared/contracts/contact-channels.ts';
import {
  ClicksAndViewsQuerySchema,
  ClicksAndViewsResponseSchema,
  type Dashboard,
  DashboardQuerySchema,
  DashboardResponseSchema,
  type DutyClickTotal,
  type PosterTotal,
  type PostViewTotal,
  type SecurityNotice,
} from '../../../shared/contracts/dashboard.ts';
import { SECURITY_NOTICE_DAYS } from '../../../shared/rules/audit-log.ts';
import { DASHBOARD_DAYS, MOST_VIEWED_POSTS } from '../../../shared/rules/dashboard.ts';
import { canUse } from '../../../shared/rules/roles.ts';
import { DAY_MS } from '../../../shared/time.ts';
import { ADMIN_ERROR_RESPONSES } from '../../lib/http-errors.ts';
import { zonedDateAndHour } from '../../lib/time-zone.ts';
import { access } from '../../plugins/access.ts';

/**
 * What the dashboard reads from other features, declared here so that it imports none of them:
 * src/server/app.ts passes their repositories, which have these methods among others.
 */
export interface DashboardDeps {
  contactInquiries: {
    stats(): Promise<Dashboard['stats']>;
    perDay(days: number, utcOffsetMinutes: number, now: number): Promise<Dashboard['perDay']>;
    recentUnread(limit: number): Promise<Dashboard['recentUnread']>;
  };
  contactChannels: {
    listActive(): Promise<readonly unknown[]>;
    listAll(): Promise<readonly ContactChannel[]>;
  };
  blogPosts: { countPublished(): Promise<number> };
  channelClicks: {
    totalsBetween(fromDay: string, toDay: string): Promise<ReadonlyMap<string, number>>;
    reset(): Promise<void>;
  };
  blogDailyViews: {
    mostViewedBetween(fromDay: string, toDay: string, limit: number): Promise<PostViewTotal[]>;
  };
  auditLog: { securityNotices(from: string, limit: number): Promise<SecurityNotice[]> };
  /** Visitors sent to each member on duty, by channel (the duty feature's). */
  dutyClicks(fromDay: string, toDay: string): Promise<{ adminId: string; channel: string; clicks: number }[]>;
  /** What each counter poster brought (the posters feature's). */
  posterTotals(fromDay: string, toDay: string): Promise<PosterTotal[]>;
  /** The team's names (admin-auth's accounts). */
  accounts: { list(): Promise<{ id: string; name: string; email: string }[]> };
  /** The business's time zone: clicks are counted on its days. */
  timeZone: () => Promise<string>;
  clock: () => number;
}

/** The calendar day `days` before `day` (both YYYY-MM-DD). */
function daysBefore(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);
}

const RECENT_UNREAD = 5;
const SECURITY_NOTICES_SHOWN = 5;

export const dashboardRoutes: FastifyPluginAsyncZod<DashboardDeps> = async (app, deps) => {
  const { contactInquiries, contactChannels, blogPosts, channelClicks, blogDailyViews, auditLog } = deps;
  const { timeZone, clock } = deps;

  /** Each member's visitors in the period, by channel, the most first; `only`: one member's row alone. */
  const dutyClickTotals = async (
    from: string,
    to: string,
    only: string | null,
  ): Promise<DutyClickTotal[]> => {
    const [clicks, accounts] = await Promise.all([deps.dutyClicks(from, to), deps.accounts.list()]);
    const totals = new Map<string, DutyClickTotal>();
    for (const { adminId, channel, clicks: count } of clicks) {
      if (only !== null && adminId !== only) continue;
      const account = accounts.find((candidate) => candidate.id === adminId);
      const total = totals.get(adminId) ?? {
        adminId,
        name: account?.name || account?.email || 'A former member',
        whatsapp: 0,
        calls: 0,
      };
      if (channel === 'whatsapp') total.whatsapp += count;
      else total.calls += count;
      totals.set(adminId, total);
    }
    return [...totals.values()].sort((a, b) => b.whatsapp + b.calls - (a.whatsapp + a.calls));
  };

  app.get(
    '/api/admin/dashboard',
    {
      config: { access: access.scripted('dashboard') },
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
      const administers = canUse(request.admin!.role, 'administration');
      const noticesFrom = new Date(clock() - SECURITY_NOTICE_DAYS * DAY_MS).toISOString();
      const [stats, perDay, recentUnread, publishedPosts, activeContacts, securityNotices] =
        await Promise.all([
          contactInquiries.stats(),
          contactInquiries.perDay(DASHBOARD_DAYS, request.query.utcOffsetMinutes, clock()),
          readsInquiries ? contactInquiries.recentUnread(RECENT_UNREAD) : [],
          blogPosts.countPublished(),
          contactChannels.listActive().then((contacts) => contacts.length),
          administers ? auditLog.securityNotices(noticesFrom, SECURITY_NOTICES_SHOWN) : [],
        ]);
      return {
        dashboard: { stats, perDay, recentUnread, publishedPosts, activeContacts, securityNotices },
      };
    },
  );

  app.get(
    '/api/admin/dashboard/clicks-and-views',
    {
      config: { access: access.scripted('dashboard') },
      schema: {
        tags: ['dashboard'],
        operationId: 'getClicksAndViews',
        summary: 'Clicks per contact channel and the most viewed posts over the last 7, 30 or 90 days',
        querystring: ClicksAndViewsQuerySchema,
        response: { 200: ClicksAndViewsResponseSchema, 400: ApiErrorSchema, 401: ApiErrorSchema },
      },
    },
    async (request) => {
      // Channel counts hold no one's address or message: every role that sees the dashboard sees them.
      const days = Number(request.query.days);
      const to = zonedDateAndHour(clock(), await timeZone()).date;
      const from = daysBefore(to, days - 1);
      // Who was sent visitors is the team's business: an administrator sees everyone's, others their own.
      const admin = request.admin!;
      const [clicks, channels, postViews, dutyClicks, posterTotals] = await Promise.all([
        channelClicks.totalsBetween(from, to),
        contactChannels.listAll(),
        blogDailyViews.mostViewedBetween(from, to, MOST_VIEWED_POSTS),
        dutyClickTotals(from, to, admin.role === 'administrator' ? null : admin.id),
        deps.posterTotals(from, to),
      ]);
      // In the admin's order, the most clicked first; a channel without clicks in the period is left out.
      const channelClickTotals = channels
        .filter((channel) => (clicks.get(channel._id) ?? 0) > 0)
        .map(({ _id, type, display }) => ({ channelId: _id, type, display, clicks: clicks.get(_id)! }))
        .sort((a, b) => b.clicks - a.clicks);
      const posters = posterTotals.sort((a, b) => b.visits + b.taps - (a.visits + a.taps));
      return {
        clicksAndViews: { days, from, to, channelClicks: channelClickTotals, postViews, dutyClicks, posters },
      };
    },
  );

  app.delete(
    '/api/admin/dashboard/channel-clicks',
    {
      config: { access: access.scripted('administration'), audit: { action: 'channel-clicks.reset' } },
      schema: {
        tags: ['dashboard'],
        operationId: 'resetChannelClicks',
        summary: 'Resets the click counts of every contact channel',
        response: { 200: MessageResponseSchema, ...ADMIN_ERROR_RESPONSES },
      },
    },
    async () => {
      await channelClicks.reset();
      return { success: true as const, message: 'Click counts reset' };
    },
  );
};
