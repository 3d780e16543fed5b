import { z } from 'zod';
import type { Inquiry } from '../../../shared/contracts/contact-inquiries.ts';
import { isSecurityNotice } from '../../../shared/rules/audit-log.ts';
import { HOUR_MS } from '../../../shared/time.ts';
import type { Executor } from '../../db/repository-support.ts';
import { type OutboxHandler, PermanentFailure } from '../../outbox/outbox.ts';
import {
  backupCopyFailedEmail,
  type DigestList,
  digestEmail,
  type EmailContext,
  inquiryEmail,
  type OverdueList,
  securityNoticeEmail,
  webhookDisabledEmail,
} from './email-content.ts';
import { InquiryEmailPayloadSchema, parsePayload } from './inquiry-notifications.ts';
import { isPermanentRefusal, type Mailer } from './mailer.ts';
import type { NotificationPreferenceRepository } from './notification-preferences.ts';
import { SecurityNoticePayloadSchema } from './security-notices.ts';

/** The digest lists this many inquiries at most, then says how many more there are. */
export const DIGEST_MAX_LISTED = 50;

const DigestPayloadSchema = z.object({ type: z.literal('digest'), adminId: z.string(), date: z.string() });
/** To an administrator: a webhook was turned off after a day of failures (the endpoint as it was then). */
const WebhookDisabledPayloadSchema = z.object({
  type: z.literal('webhook-disabled'),
  adminId: z.string(),
  url: z.string(),
  description: z.string(),
});
/** To an administrator: a backup's copy off the machine was given up (decision 056). */
const BackupCopyFailedPayloadSchema = z.object({
  type: z.literal('backup-copy-failed'),
  adminId: z.string(),
  fileName: z.string(),
  message: z.string(),
});
const EmailPayloadSchema = z.discriminatedUnion('type', [
  InquiryEmailPayloadSchema,
  DigestPayloadSchema,
  WebhookDisabledPayloadSchema,
  BackupCopyFailedPayloadSchema,
  SecurityNoticePayloadSchema,
]);

/** The inquiries an email tells about (the contact-inquiries repository, passed in by the app). */
export interface InquiriesForEmail {
  findById(id: string, trx: Executor): Promise<Inquiry | undefined>;
  unreadReceivedBefore(before: string, limit: number, trx: Executor): Promise<DigestList>;
  /** The overdue inquiries (decision 080), at most `limit` listed. */
  overdueForDigest(limit: number): Promise<OverdueList>;
}

/**
 * Sends the outbox's emails: one about a new inquiry, or a user's daily digest. What changed since the
 * entry was written decides: a user deleted or no longer wanting it, an inquiry deleted, or a digest with
 * nothing unread is done without an email. A refusal for good gives the entry up; anything else is tried again.
 */
export function emailHandler({
  mailer,
  recipients,
  inquiries,
  context,
  clock = Date.now,
}: {
  mailer: Pick<Mailer, 'send'>;
  recipients: Pick<NotificationPreferenceRepository, 'recipient'>;
  inquiries: InquiriesForEmail;
  context: () => Promise<EmailContext>;
  clock?: () => number;
}): OutboxHandler {
  return {
    network: true,
    async run(entry, executor) {
      const payload = parsePayload(EmailPayloadSchema, entry.payload);
      const recipient = await recipients.recipient(payload.adminId, executor);
      if (!recipient) return;
      const business = await context();
      let message: { subject: string; text: string; html: string; replyTo?: string };
      if (payload.type === 'inquiry') {
        if (!recipient.emailNotifications) return;
        const inquiry = await inquiries.findById(payload.inquiryId, executor);
        if (!inquiry) return;
        message = inquiryEmail(inquiry, business);
      } else if (payload.type === 'webhook-disabled') {
        message = webhookDisabledEmail(payload, business);
      } else if (payload.type === 'backup-copy-failed') {
        // Sent whatever the user's notification choices, as a security notice: the backups are at stake.
        message = backupCopyFailedEmail(payload, business);
      } else if (payload.type === 'security-notice') {
        // Sent whatever the user's notification choices: it is about the safety of the business.
        if (!isSecurityNotice(payload)) return;
        message = securityNoticeEmail(payload, business);
      } else {
        if (!recipient.digestEnabled) return;
        const before = new Date(clock() - recipient.digestUnreadHours * HOUR_MS).toISOString();
        const [list, overdue] = await Promise.all([
          inquiries.unreadReceivedBefore(before, DIGEST_MAX_LISTED, executor),
          inquiries.overdueForDigest(DIGEST_MAX_LISTED),
        ]);
        if (list.total === 0 && overdue.total === 0) return;
        message = digestEmail({ unread: list, unreadHours: recipient.digestUnreadHours, overdue }, business);
      }
      try {
        await mailer.send({ ...message, to: recipient.email }, business.brandName);
      } catch (error) {
        if (isPermanentRefusal(error)) throw new PermanentFailure((error as Error).message);
        throw error;
      }
    },
  };
}
