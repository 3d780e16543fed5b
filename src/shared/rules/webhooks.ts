/** Webhooks (issue 21, decision 041): the events an endpoint may subscribe to, limits and texts. */

export const WEBHOOK_EVENTS = [
  'inquiry.created',
  'inquiry.updated',
  'inquiry.deleted',
  'post.published',
  'member.deleted',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'inquiry.created': 'A new inquiry arrives',
  'inquiry.updated': 'An inquiry changes (status, assignment, note)',
  'inquiry.deleted': 'An inquiry is deleted',
  'post.published': 'A blog post is published',
  'member.deleted': 'A member account is deleted',
};

export const WEBHOOK_URL_MAX_LENGTH = 2048;
export const WEBHOOK_DESCRIPTION_MAX_LENGTH = 200;
export const WEBHOOK_ENDPOINTS_MAX = 20;
/** A delivery waits at most this long for the receiver's answer. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Deliveries failing for this long without a success in between disable the endpoint. */
export const WEBHOOK_DISABLE_AFTER_MS = 24 * 60 * 60_000;
/** The header that carries the signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export const WEBHOOK_SIGNATURE_HEADER = 'Sampark-Signature';

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const WEBHOOK_MESSAGES = {
  created: 'Webhook added. Copy the signing secret now: it is not shown again.',
  updated: 'Webhook saved',
  deleted: 'Webhook deleted',
  notFound: 'Webhook not found',
  deliveryNotFound: 'Delivery not found',
  redelivered: 'Delivery queued again',
  redeliverWhileOff: 'Turn the webhook on before sending a delivery again',
  redeliverPending: 'This delivery is still being tried',
  tooMany: `There are ${WEBHOOK_ENDPOINTS_MAX} webhooks: delete one before adding another`,
  urlNotAllowed:
    'URL must be an https address (http only to a loopback or private address, when WEBHOOKS_ALLOW_PRIVATE_HTTP is set)',
  privateAddress:
    'URL points to a loopback or private address: allowed only when WEBHOOKS_ALLOW_PRIVATE_HTTP is set',
  urlWithCredentials: 'URL must not contain a user name or password',
  urlPort: 'URL must have a port from 1 to 65535',
  noEvents: 'Choose at least one event',
  disabledAfterFailures: 'Disabled after a day of failed deliveries',
} as const;
