import { z } from 'zod';
import { AUDIT_ACTIONS, type AuditAction, isSecurityNotice } from '../../../shared/rules/audit-log.ts';
import type { Executor } from '../../db/repository-support.ts';
import { nowIso } from '../../db/values.ts';
import { type AlertRecipients, emailEveryAdministrator } from './administrator-emails.ts';

/** What the audit log recorded, as far as a security notice tells it (the audit log's own record has this). */
export interface SecurityEvent {
  at: string;
  actorEmail: string | null;
  action: AuditAction;
  detail?: Record<string, string | number | boolean | null> | null;
  ip: string | null;
}

/** To an administrator: one security notice (SECURITY_NOTICE_ACTIONS), as the audit log recorded it. */
export const SecurityNoticePayloadSchema = z.object({
  type: z.literal('security-notice'),
  adminId: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  at: z.string(),
  actorEmail: z.string().nullable(),
  ip: z.string().nullable(),
  detail: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).nullable(),
});

/**
 * Tells every active administrator by email of an entry that is a security notice (isSecurityNotice): written
 * to the outbox at once, then sent with its retries like every email (decision 031). Nothing without email
 * set up; the dashboard shows the same entries from the audit log.
 */
export function securityNoticeAlert({
  db,
  accounts,
  emailEnabled,
  nudge,
  clock = Date.now,
}: {
  db: Executor;
  accounts: AlertRecipients;
  emailEnabled: boolean;
  nudge: () => void;
  clock?: () => number;
}): (event: SecurityEvent) => Promise<void> {
  return async (event) => {
    if (!emailEnabled || !isSecurityNotice(event)) return;
    await emailEveryAdministrator(
      accounts,
      db,
      (adminId) =>
        ({
          type: 'security-notice',
          adminId,
          action: event.action,
          at: event.at,
          actorEmail: event.actorEmail,
          ip: event.ip,
          detail: event.detail ?? null,
        }) satisfies z.infer<typeof SecurityNoticePayloadSchema>,
      nowIso(clock),
    );
    nudge();
  };
}
