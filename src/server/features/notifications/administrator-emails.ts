import type { Executor } from '../../db/repository-support.ts';
import { EMAIL_LANE, writeOutboxEntries } from '../../outbox/outbox.ts';

/**
 * Writes one email to every active administrator with `executor`, its payload made for each: the alerts
 * that concern the whole business (a webhook turned off, a security notice).
 */
export async function emailEveryAdministrator(
  executor: Executor,
  payloadFor: (adminId: string) => object,
  now: string,
): Promise<void> {
  const administrators = await executor
    .selectFrom('admins')
    .select('id')
    .where('role', '=', 'administrator')
    .where('disabledAt', 'is', null)
    .execute();
  await writeOutboxEntries(
    executor,
    administrators.map(({ id }) => ({ kind: 'email' as const, payload: payloadFor(id), lane: EMAIL_LANE })),
    now,
  );
}
