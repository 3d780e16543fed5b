import type { Executor } from '../../db/repository-support.ts';
import { nowIso } from '../../db/values.ts';
import { type AlertRecipients, emailEveryAdministrator } from './administrator-emails.ts';

/**
 * Tells every administrator (active) by email that a backup's copy off the machine was given up (decision
 * 056): written with `executor`, the transaction that gives it up. Nothing without email set up.
 */
export function backupCopyFailedAlert({
  accounts,
  emailEnabled,
  clock = Date.now,
}: {
  accounts: AlertRecipients;
  emailEnabled: boolean;
  clock?: () => number;
}): (executor: Executor, failure: { fileName: string; message: string }) => Promise<void> {
  return async (executor, { fileName, message }) => {
    if (!emailEnabled) return;
    await emailEveryAdministrator(
      accounts,
      executor,
      (adminId) => ({ type: 'backup-copy-failed', adminId, fileName, message }),
      nowIso(clock),
    );
  };
}
