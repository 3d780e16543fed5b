import { describe, expect, it } from 'vitest';
import { WebhookEndpointInputSchema } from '../../../shared/contracts/webhooks.ts';
import { WEBHOOK_MESSAGES } from '../../../shared/rules/webhooks.ts';
import { EMPTY_WEBHOOK_FORM, webhookFieldErrors } from './webhook-form.ts';

describe('the Add webhook form', () => {
  it('asks for a URL and at least one event before anything is sent', () => {
    const result = WebhookEndpointInputSchema.safeParse(EMPTY_WEBHOOK_FORM);
    // The form shows a field's first message (the resolver's default).
    const messages: Record<string, string> = {};
    for (const issue of result.error?.issues ?? []) messages[issue.path.join('.')] ??= issue.message;
    expect(messages.url).toBe('URL is required');
    expect(messages.events).toBe(WEBHOOK_MESSAGES.noEvents);
  });

  it('sends the events in their canonical order, whatever order they were ticked in', () => {
    const values = WebhookEndpointInputSchema.parse({
      url: 'https://hooks.example.in/sampark',
      description: '',
      events: ['member.deleted', 'inquiry.created'],
    });
    expect(values.events).toEqual(['inquiry.created', 'member.deleted']);
  });

  it('refuses a URL that is not http or https', () => {
    const result = WebhookEndpointInputSchema.safeParse({
      url: 'ftp://hooks.example.in',
      events: ['inquiry.created'],
    });
    expect(result.error?.issues[0]?.message).toBe(WEBHOOK_MESSAGES.urlNotAllowed);
  });
});

describe("the server's field errors", () => {
  it('go under their fields, an event’s under the events', () => {
    expect(
      webhookFieldErrors({
        url: WEBHOOK_MESSAGES.privateAddress,
        'events.1': 'Event must be one of: inquiry.created',
        'events.3': 'a later one',
        _: 'not a field',
        secret: 'not on the form',
      }),
    ).toEqual({ url: WEBHOOK_MESSAGES.privateAddress, events: 'Event must be one of: inquiry.created' });
  });

  it('are none when the server named no field', () => {
    expect(webhookFieldErrors({})).toEqual({});
  });
});
