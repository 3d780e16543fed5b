import type { Executor } from '../../db/repository-support.ts';
import { nowIso } from '../../db/values.ts';
import { EMAIL_LANE, writeOutboxEntries } from '../../outbox/outbox.ts';
import type { NotificationAccounts } from './notification-preferences.ts';

/** Who the alerts go to: the users (the admin-auth feature's accounts). */
export type AlertRecipients = Pick<NotificationAccounts, 'activeIds'>;

/**
 * Writes one email to every active administrator with `executor`, its payload made for each: the alerts
 * that concern the whole business (a webhook turned off, a security notice).
 */
export async function emailEveryAdministrator(
  accounts: AlertRecipients,
  executor: Executor,
  payloadFor: (adminId: string) => object,
  now: string,
): Promise<void> {
  const administrators = await accounts.activeIds(['administrator'], executor);
  await writeOutboxEntries(
    executor,
    administrators.map((id) => ({ kind: 'email' as const, payload: payloadFor(id), lane: EMAIL_LANE })),
    now,
  );
}

/** What an alert to the administrators needs: who they are, whether email is set up, and the time. */
export interface AdministratorAlertOptions {
  accounts: AlertRecipients;
  emailEnabled: boolean;
  clock?: () => number;
}

/**
 * An alert to every active administrator by email, its payload made from what it tells of: written with
 * `executor`, the transaction of what it tells of. Nothing without email set up.
 */
export function administratorAlert<Facts>(
  { accounts, emailEnabled, clock = Date.now }: AdministratorAlertOptions,
  payloadFor: (adminId: string, facts: Facts) => object,
): (executor: Executor, facts: Facts) => Promise<void> {
  return async (executor, facts) => {
    if (!emailEnabled) return;
    await emailEveryAdministrator(accounts, executor, (adminId) => payloadFor(adminId, facts), nowIso(clock));
  };
}
