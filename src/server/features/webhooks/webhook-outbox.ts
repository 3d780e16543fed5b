import type { WebhookEvent } from '../../../shared/rules/webhooks.ts';
import type { Executor } from '../../db/repository-support.ts';

/** The outbox (src/server/outbox/outbox.ts), as webhooks need it (decision 042). */
export interface WebhookOutbox {
  /** Writes an entry with `executor`, the transaction of what caused it; one ordering key: one at a time. */
  enqueue(
    executor: Executor,
    kind: WebhookEvent | 'webhook',
    payload: unknown,
    options?: { orderingKey?: string | null; lane?: string | null },
  ): Promise<void>;
  /** Something was committed: send soon. */
  nudge(): void;
}

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
