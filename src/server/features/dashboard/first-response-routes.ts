import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '../../../shared/contracts/api.ts';
import {
  ClicksAndViewsQuerySchema,
  type FirstResponses,
  FirstResponsesResponseSchema,
} from '../../../shared/contracts/dashboard.ts';
import type { SiteSettings } from '../../../shared/contracts/site-settings.ts';
import { responseStat, waitedMinutes } from '../../../shared/rules/first-responses.ts';
import { canUse } from '../../../shared/rules/roles.ts';
import { DAY_MS } from '../../../shared/time.ts';
import { access } from '../../plugins/access.ts';

/** An answered inquiry's first response, and who gave it (contact-inquiries' FirstResponder). */
interface FirstResponder {
  receivedAt: number;
  respondedAt: number;
  responderId: string | null;
  responderName: string;
}

export interface FirstResponseDeps {
  contactInquiries: {
    /** The inquiries received since then that were answered, with their first response. */
    firstResponders(since: string): Promise<FirstResponder[]>;
    /** How many inquiries were received since then. */
    receivedSince(since: string): Promise<number>;
  };
  /** The opening hours, which say what counts as business hours. */
  settings: () => Promise<Pick<SiteSettings, 'openingHours' | 'timeZone'>>;
  clock: () => number;
}

/**
 * How fast the team answers (decision 080): for the inquiries received in the last 7, 30 or 90 days, the
 * median and 90th percentile wait for a first response, in business hours when the hours are data.
 */
export const firstResponseRoutes: FastifyPluginAsyncZod<FirstResponseDeps> = async (app, deps) => {
  app.get(
    '/api/admin/dashboard/first-responses',
    {
      config: { access: access.scripted('dashboard') },
      schema: {
        tags: ['dashboard'],
        operationId: 'getFirstResponses',
        summary:
          'How long inquiries waited for a first response over the last 7, 30 or 90 days, overall and per member',
        querystring: ClicksAndViewsQuerySchema,
        response: { 200: FirstResponsesResponseSchema, 400: ApiErrorSchema, 401: ApiErrorSchema },
      },
    },
    async (request) => {
      const days = Number(request.query.days);
      const since = new Date(deps.clock() - days * DAY_MS).toISOString();
      const [responders, received, { openingHours, timeZone }] = await Promise.all([
        deps.contactInquiries.firstResponders(since),
        deps.contactInquiries.receivedSince(since),
        deps.settings(),
      ]);
      const waited = ({ receivedAt, respondedAt }: FirstResponder) =>
        waitedMinutes(openingHours, timeZone, receivedAt, respondedAt);
      const byMember = new Map<string, { adminId: string | null; name: string; minutes: number[] }>();
      const all: number[] = [];
      for (const responder of responders) {
        const minutes = waited(responder);
        all.push(minutes);
        const key = responder.responderId ?? `former ${responder.responderName}`;
        const member = byMember.get(key) ?? {
          adminId: responder.responderId,
          name: responder.responderName,
          minutes: [],
        };
        member.minutes.push(minutes);
        byMember.set(key, member);
      }
      // Who answered how fast is the team's business: an administrator sees everyone, an agent their own.
      const admin = request.admin!;
      const shown = [...byMember.values()].filter(
        ({ adminId }) =>
          admin.role === 'administrator' || (canUse(admin.role, 'inbox') && adminId === admin.id),
      );
      const members = shown
        .flatMap(({ adminId, name, minutes }) => {
          const stat = responseStat(minutes);
          return stat ? [{ adminId, name, ...stat }] : [];
        })
        .sort((a, b) => a.medianMinutes - b.medianMinutes);
      const firstResponses: FirstResponses = {
        days,
        businessHours: openingHours !== undefined,
        overall: responseStat(all),
        unanswered: Math.max(0, received - responders.length),
        members,
      };
      return { firstResponses };
    },
  );
};
