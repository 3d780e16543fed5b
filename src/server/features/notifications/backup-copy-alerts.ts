import { type AdministratorAlertOptions, administratorAlert } from './administrator-emails.ts';

/**
 * Tells every administrator (active) by email that a backup's copy off the machine was given up (decision
 * 056): written with the transaction that gives it up. Nothing without email set up.
 */
export function backupCopyFailedAlert(options: AdministratorAlertOptions) {
  return administratorAlert(
    options,
    (adminId, { fileName, message }: { fileName: string; message: string }) => ({
      type: 'backup-copy-failed',
      adminId,
      fileName,
      message,
    }),
  );
}
