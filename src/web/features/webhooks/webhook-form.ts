import type { WebhookEndpointInput } from '../../../shared/contracts/webhooks.ts';

/** The "Add webhook" form as it opens: nothing typed, no event chosen. */
export const EMPTY_WEBHOOK_FORM: WebhookEndpointInput = { url: '', description: '', events: [] };

/** The fields the server may name in a refusal; `events.2` (one event) is about the events too. */
const WEBHOOK_FORM_FIELDS = ['url', 'description', 'events'] as const;
type WebhookFormField = (typeof WEBHOOK_FORM_FIELDS)[number];

/**
 * The server's field errors under the form's fields: an error about one of the events (`events.1`) goes
 * under the events, the first message of a field wins, and anything not on the form is left out.
 */
export function webhookFieldErrors(
  errors: Record<string, string>,
): Partial<Record<WebhookFormField, string>> {
  const placed: Partial<Record<WebhookFormField, string>> = {};
  for (const [key, message] of Object.entries(errors)) {
    const field = WEBHOOK_FORM_FIELDS.find((name) => key === name || key.startsWith(`${name}.`));
    if (field) placed[field] ??= message;
  }
  return placed;
}
