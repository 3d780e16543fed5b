import type { Executor } from '../../db/repository-support.ts';
import { nowIso } from '../../db/values.ts';
import { type AlertRecipients, emailEveryAdministrator } from './administrator-emails.ts';

/**
 * Tells every administrator (active) by email that a webhook was turned off after a day of failures: the
 * emails are written with `executor`, the transaction that turns it off. Nothing without email set up.
 */
export function webhookDisabledAlert({
  accounts,
  emailEnabled,
  clock = Date.now,
}: {
  accounts: AlertRecipients;
  emailEnabled: boolean;
  clock?: () => number;
}): (executor: Executor, endpoint: { url: string; description: string }) => Promise<void> {
  return async (executor, { url, description }) => {
    if (!emailEnabled) return;
    await emailEveryAdministrator(
      accounts,
      executor,
      (adminId) => ({ type: 'webhook-disabled', adminId, url, description }),
      nowIso(clock),
    );
  };
}
