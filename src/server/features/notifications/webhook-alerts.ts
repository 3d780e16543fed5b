import { type AdministratorAlertOptions, administratorAlert } from './administrator-emails.ts';

/**
 * Tells every administrator (active) by email that a webhook was turned off after a day of failures: the
 * emails are written with the transaction that turns it off. Nothing without email set up.
 */
export function webhookDisabledAlert(options: AdministratorAlertOptions) {
  return administratorAlert(
    options,
    (adminId, { url, description }: { url: string; description: string }) => ({
      type: 'webhook-disabled',
      adminId,
      url,
      description,
    }),
  );
}
