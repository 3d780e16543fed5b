import { z } from 'zod';
import { rolesThatCanUse } from '../../../shared/rules/roles.ts';
import type { Executor } from '../../db/repository-support.ts';
import { nowIso } from '../../db/values.ts';
import {
  EMAIL_LANE,
  type OutboxEntry,
  type OutboxHandler,
  PermanentFailure,
  writeOutboxEntries,
} from '../../outbox/outbox.ts';
import type { NotificationAccounts } from './notification-preferences.ts';

/** The outbox entry written with each new inquiry. */
const InquiryCreatedPayloadSchema = z.object({ inquiryId: z.string() });

/** An email or a push about one inquiry to one user (email) or one device (push). */
export const InquiryEmailPayloadSchema = z.object({
  type: z.literal('inquiry'),
  adminId: z.string(),
  inquiryId: z.string(),
});
export const InquiryPushPayloadSchema = z.object({
  type: z.literal('inquiry'),
  subscriptionId: z.string(),
  inquiryId: z.string(),
});

/** A payload as its handler reads it back: one that does not parse is given up at once. */
export function parsePayload<T>(schema: z.ZodType<T>, payload: unknown): T {
  const parsed = schema.safeParse(payload);
  if (!parsed.success) throw new PermanentFailure('The notification could not be read');
  return parsed.data;
}

/**
 * A push's lane (decision 050): its push service's host, so that one that never answers holds back only the
 * devices subscribed there, however many one user added, and never the other push services, webhooks or email.
 */
function pushLane(endpoint: string): string {
  return `push:${URL.canParse(endpoint) ? new URL(endpoint).host : endpoint}`;
}

/** The push devices of these users, read with `executor`. */
async function devicesOf(
  adminIds: string[],
  executor: Executor,
): Promise<{ id: string; endpoint: string }[]> {
  if (adminIds.length === 0) return [];
  return executor
    .selectFrom('pushSubscriptions')
    .select(['id', 'endpoint'])
    .where('adminId', 'in', adminIds)
    .execute();
}

/**
 * Fans a new inquiry out into its deliveries, in one transaction with marking the event done: an email to
 * every user who has email notifications on (when email is set up), a push to every device that asked for
 * them. Done by the worker, not the form, so the form writes one extra row and nothing more.
 */
export function inquiryCreatedHandler({
  accounts,
  emailEnabled,
  clock = Date.now,
  webhooks,
}: {
  /** Who is told: the users (the admin-auth feature's accounts), read in the fan-out's transaction. */
  accounts: Pick<NotificationAccounts, 'activeIds'>;
  /** False without SMTP_URL: no email is written. */
  emailEnabled: boolean;
  clock?: () => number;
  /**
   * Writes the inquiry.created webhook deliveries with `executor` (decision 042); the event's id is the
   * outbox entry's, so a fan-out tried again gives the same id.
   */
  webhooks?: (created: { inquiryId: string; eventId: string }[], executor: Executor) => Promise<void>;
}): OutboxHandler {
  const fanOut = async (entries: OutboxEntry[], executor: Executor) => {
    const created = entries.map((entry) => ({
      inquiryId: parsePayload(InquiryCreatedPayloadSchema, entry.payload).inquiryId,
      eventId: entry.id,
    }));
    const inquiryIds = created.map(({ inquiryId }) => inquiryId);
    // Only those who may read inquiries, and whose account is not disabled, are told of one.
    const readers = rolesThatCanUse('inbox');
    const emailTo = emailEnabled
      ? await accounts.activeIds(readers, executor, { emailNotifications: true })
      : [];
    const devices = await devicesOf(await accounts.activeIds(readers, executor), executor);
    const deliveries = inquiryIds.flatMap((inquiryId) => [
      ...emailTo.map((id) => ({
        kind: 'email' as const,
        payload: { type: 'inquiry', adminId: id, inquiryId },
        lane: EMAIL_LANE,
      })),
      ...devices.map(({ id, endpoint }) => ({
        kind: 'push' as const,
        payload: { type: 'inquiry', subscriptionId: id, inquiryId },
        lane: pushLane(endpoint),
      })),
    ]);
    // A row is eight values, and SQLite takes at most 32,766 in one statement.
    for (let start = 0; start < deliveries.length; start += 1_000) {
      await writeOutboxEntries(executor, deliveries.slice(start, start + 1_000), nowIso(clock));
    }
    await webhooks?.(created, executor);
  };
  return {
    network: false,
    run: (entry, executor) => fanOut([entry], executor),
    runBatch: fanOut,
  };
}
