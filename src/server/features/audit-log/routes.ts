import { TZDate } from '@date-fns/tz';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuditLogQuerySchema, AuditLogResponseSchema } from '../../../shared/contracts/audit-log.ts';
import { ADMIN_ERROR_RESPONSES } from '../../lib/http-errors.ts';
import { access } from '../../plugins/access.ts';
import type { AuditLogRepository } from './repository.ts';

/** The instant a calendar day (YYYY-MM-DD) begins in a time zone, `plusDays` later. */
function dayStart(day: string, timeZone: string, plusDays = 0): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(year, month - 1, date + plusDays, timeZone).getTime()).toISOString();
}

export const auditLogRoutes: FastifyPluginAsyncZod<{
  auditLog: AuditLogRepository;
  keepDays: number;
  timeZone: () => Promise<string>;
  /** The inquiries' senders by id (the contact-inquiries feature's port): entries name them, not their ids. */
  inquirySenderNames: (ids: readonly string[]) => Promise<Map<string, string>>;
}> = async (app, { auditLog, keepDays, timeZone, inquirySenderNames }) => {
  app.get(
    '/api/admin/audit-log',
    {
      config: { access: access.scripted('administration') },
      schema: {
        tags: ['audit-log'],
        summary:
          'The audit log, newest first: sign-ins and every change in the back office, by user, action and days',
        querystring: AuditLogQuerySchema,
        response: { 200: AuditLogResponseSchema, ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { actor, action, from, to, page, pageSize } = request.query;
      const zone = await timeZone();
      const { entries, total } = await auditLog.list({
        actor,
        action,
        from: from ? dayStart(from, zone) : undefined,
        until: to ? dayStart(to, zone, 1) : undefined,
        page,
        pageSize,
      });
      const inquiryIds = entries.flatMap((entry) =>
        entry.targetType === 'inquiry' && entry.targetId ? [entry.targetId] : [],
      );
      const names = await inquirySenderNames([...new Set(inquiryIds)]);
      const named = entries.map((entry) =>
        entry.targetType === 'inquiry' && entry.targetId
          ? { ...entry, targetName: names.get(entry.targetId) ?? null }
          : entry,
      );
      return { entries: named, total, page, pageSize, keepDays };
    },
  );
};
