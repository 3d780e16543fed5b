import type { Executor } from '../../db/repository-support.ts';
import { nowIso } from '../../db/values.ts';
import { EMAIL_LANE, writeOutboxEntries } from './outbox.ts';

/**
 * Tells every administrator (active) by email that a webhook was turned off after a day of failures: the
 * emails are written with `executor`, the transaction that turns it off. Nothing without email set up.
 */
export function webhookDisabledAlert({
  emailEnabled,
  clock = Date.now,
}: {
  emailEnabled: boolean;
  clock?: () => number;
}): (executor: Executor, endpoint: { url: string; description: string }) => Promise<void> {
  return async (executor, { url, description }) => {
    if (!emailEnabled) return;
    const administrators = await executor
      .selectFrom('admins')
      .select('id')
      .where('role', '=', 'administrator')
      .where('disabledAt', 'is', null)
      .execute();
    await writeOutboxEntries(
      executor,
      administrators.map(({ id }) => ({
        kind: 'email' as const,
        payload: { type: 'webhook-disabled', adminId: id, url, description },
        lane: EMAIL_LANE,
      })),
      nowIso(clock),
    );
  };
}
