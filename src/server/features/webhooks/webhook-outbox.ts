import type { WebhookEvent } from '../../../shared/rules/webhooks.ts';
import type { OutboxPort } from '../../outbox/outbox.ts';

/** The outbox as webhooks write to it (decision 042): their events and deliveries. */
export type WebhookOutbox = Pick<OutboxPort<WebhookEvent | 'webhook'>, 'enqueue' | 'nudge'>;

/** What an event is about, e.g. `inquiry:<id>`: the events of one subject are delivered in order. */
export function eventSubject(event: WebhookEvent, subjectId: string): string {
  return `${event.slice(0, event.indexOf('.'))}:${subjectId}`;
}

/**
 * The lane of an endpoint's deliveries (decision 050): its own sends in flight and its own pause, so an endpoint
 * that never answers holds back only its own deliveries.
 */
export function deliveryLane(endpointId: string): string {
  return `webhook:${endpointId}`;
}

/** The ordering key of an event's delivery to one endpoint: its events of one subject go out in order. */
export function deliveryOrderingKey(endpointId: string, subject: string): string {
  return `webhook:${endpointId}:${subject}`;
}
