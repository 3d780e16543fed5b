import type { WebhookDelivery, WebhookEndpoint } from '../../../shared/contracts/webhooks.ts';
import { WEBHOOK_EVENT_LABELS, type WebhookDeliveryStatus } from '../../../shared/rules/webhooks.ts';

/** How an endpoint stands, in words and a tone for its badge. */
export interface EndpointState {
  label: 'On' | 'Off' | 'Disabled' | 'Failing';
  tone: 'good' | 'neutral' | 'bad' | 'warning';
  /** Why it is off (the server's words); null when turned off by hand or on. */
  reason: string | null;
  /** Since when deliveries have failed, while it is still on; null otherwise. */
  failingSince: string | null;
}

/**
 * On, Off (turned off by hand), Disabled (turned off by the server, with its reason) or Failing (on, but its
 * deliveries have failed since a moment: it is disabled after a day of that).
 */
export function endpointState(
  endpoint: Pick<WebhookEndpoint, 'enabled' | 'disabledReason' | 'failingSince'>,
): EndpointState {
  if (!endpoint.enabled) {
    return endpoint.disabledReason
      ? { label: 'Disabled', tone: 'bad', reason: endpoint.disabledReason, failingSince: null }
      : { label: 'Off', tone: 'neutral', reason: null, failingSince: null };
  }
  return endpoint.failingSince
    ? { label: 'Failing', tone: 'warning', reason: null, failingSince: endpoint.failingSince }
    : { label: 'On', tone: 'good', reason: null, failingSince: null };
}

export const DELIVERY_STATUS_LABELS: Record<WebhookDeliveryStatus, string> = {
  pending: 'Waiting',
  delivered: 'Delivered',
  failed: 'Failed',
};

/** "85 ms", "1.3 s", "10 s"; "—" when the receiver never answered. */
export function formatDuration(durationMs: number | null): string {
  if (durationMs === null) return '—';
  if (durationMs < 1000) return `${durationMs} ms`;
  const seconds = durationMs / 1000;
  return `${seconds < 10 ? seconds.toFixed(1).replace(/\.0$/, '') : Math.round(seconds)} s`;
}

/** "HTTP 200", or "No answer" when the receiver did not answer (timeout, refused connection). */
export function responseStatusText(delivery: Pick<WebhookDelivery, 'responseStatus' | 'attempts'>): string {
  if (delivery.responseStatus !== null) return `HTTP ${delivery.responseStatus}`;
  return delivery.attempts === 0 ? 'Not sent yet' : 'No answer';
}

export function attemptsText(attempts: number): string {
  return `${attempts} attempt${attempts === 1 ? '' : 's'}`;
}

/** The events an endpoint gets, in the product's words (the event names stay on screen for integrators). */
export function eventDescriptions(events: readonly WebhookEndpoint['events'][number][]) {
  return events.map((event) => ({ event, label: WEBHOOK_EVENT_LABELS[event] }));
}
