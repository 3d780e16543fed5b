import type { Executor } from '../../db/repository-support.ts';
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
