import { createHmac } from 'node:crypto';
import {
  WEBHOOK_DISABLE_AFTER_MS,
  WEBHOOK_MESSAGES,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMEOUT_MS,
} from '../../../shared/rules/webhooks.ts';
import type { Executor } from '../../db/repository-support.ts';
import { nowIso, toIso } from '../../db/values.ts';
import { type EgressAnswer, EgressError, egressRequest } from '../../egress/egress.ts';
import type { OutboxHandler } from '../../outbox/outbox.ts';
import { WEBHOOK_URL_MESSAGES } from './webhook-urls.ts';

export const WEBHOOK_USER_AGENT = 'Sampark-Webhooks/1.0';
/** The longest error text kept in the delivery log. */
const MAX_ERROR_LENGTH = 300;

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the secret>` (README "Webhooks"). */
function webhookSignature(secret: string, body: string, unixSeconds: number): string {
  const digest = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${digest}`;
}

/** An attempt that did not end in a 2xx: what the log shows of it. */
class WebhookAttemptError extends Error {
  constructor(
    message: string,
    readonly responseStatus: number | null,
    readonly durationMs: number,
  ) {
    super(message);
  }
}

interface WebhookRequest {
  url: string;
  secret: string;
  event: string;
  deliveryId: string;
  body: string;
  /** Milliseconds since the epoch: the signature's timestamp. */
  now: number;
  timeoutMs: number;
  allowPrivate: boolean;
}

/**
 * POSTs one delivery, signed, through the egress guard (decision 047): never following a redirect, given up
 * after `timeoutMs` (the answer's body included), connecting only to an address the guard allows. Resolves
 * with the answer's status and the time taken on a 2xx; throws a WebhookAttemptError otherwise.
 */
async function sendWebhook(request: WebhookRequest): Promise<{ responseStatus: number; durationMs: number }> {
  let answer: EgressAnswer;
  try {
    answer = await egressRequest(
      request.url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(request.body),
          'user-agent': WEBHOOK_USER_AGENT,
          'sampark-event': request.event,
          'sampark-delivery': request.deliveryId,
          [WEBHOOK_SIGNATURE_HEADER.toLowerCase()]: webhookSignature(
            request.secret,
            request.body,
            Math.floor(request.now / 1000),
          ),
        },
        body: request.body,
        timeoutMs: request.timeoutMs,
      },
      { allowPrivate: request.allowPrivate },
    );
  } catch (error) {
    if (!(error instanceof EgressError)) throw error;
    const message = error.problem ? WEBHOOK_URL_MESSAGES[error.problem] : error.message;
    throw new WebhookAttemptError(message, null, error.durationMs);
  }
  const { status, durationMs } = answer;
  if (status >= 200 && status < 300) return { responseStatus: status, durationMs };
  if (status >= 300 && status < 400) {
    throw new WebhookAttemptError(`Redirects are not followed (status ${status})`, status, durationMs);
  }
  throw new WebhookAttemptError(`The receiver answered ${status}`, status, durationMs);
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH - 1)}…` : text;
}

function deliveryIdOf(payload: unknown): string | undefined {
  const deliveryId = (payload as { deliveryId?: unknown } | null)?.deliveryId;
  return typeof deliveryId === 'string' ? deliveryId : undefined;
}

const NOT_SENT_WHILE_OFF = 'Not sent: the webhook is turned off';
const GIVEN_UP_WHEN_DISABLED = 'Not sent: the webhook was disabled after a day of failed deliveries';

/** An endpoint turned off after a day of failures, as the administrators' email tells of it. */
export interface DisabledEndpoint {
  id: string;
  url: string;
  description: string;
}

/**
 * The outbox's `webhook` handler: sends one delivery and keeps the outcome in its log row. A failure is
 * recorded in the transaction that schedules the retry (`failed`), and counts against the endpoint: the
 * first failure since the last success starts its clock, and an endpoint still failing after
 * WEBHOOK_DISABLE_AFTER_MS is turned off, its waiting deliveries given up and the administrators told
 * (`onDisabled`, in the same transaction). Nothing is sent to an endpoint that is off.
 */
export function webhookDeliveryHandler({
  clock = Date.now,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
  disableAfterMs = WEBHOOK_DISABLE_AFTER_MS,
  allowPrivate,
  onDisabled,
}: {
  clock?: () => number;
  timeoutMs?: number;
  disableAfterMs?: number;
  /** WEBHOOKS_ALLOW_PRIVATE_HTTP. */
  allowPrivate: boolean;
  /** Writes the administrators' emails with `executor` (nothing when email is not set up). */
  onDisabled: (executor: Executor, endpoint: DisabledEndpoint) => Promise<void>;
}): OutboxHandler {
  const find = (deliveryId: string, executor: Executor) =>
    executor
      .selectFrom('webhookDeliveries')
      .innerJoin('webhookEndpoints', 'webhookEndpoints.id', 'webhookDeliveries.endpointId')
      .select([
        'webhookDeliveries.id',
        'webhookDeliveries.event',
        'webhookDeliveries.body',
        'webhookDeliveries.status',
        'webhookDeliveries.attempts',
        'webhookEndpoints.id as endpointId',
        'webhookEndpoints.url',
        'webhookEndpoints.description',
        'webhookEndpoints.secret',
        'webhookEndpoints.enabled',
      ])
      .where('webhookDeliveries.id', '=', deliveryId)
      .executeTakeFirst();

  /** Counts a failure against the endpoint; true when that turned it off. Its row is written first. */
  const countFailure = async (executor: Executor, endpoint: DisabledEndpoint, exceptDelivery: string) => {
    const now = clock();
    await executor
      .updateTable('webhookEndpoints')
      .set({ failingSince: nowIso(() => now) })
      .where('id', '=', endpoint.id)
      .where('failingSince', 'is', null)
      .execute();
    const { failingSince } = await executor
      .selectFrom('webhookEndpoints')
      .select('failingSince')
      .where('id', '=', endpoint.id)
      .executeTakeFirstOrThrow();
    if (failingSince === null || now - Date.parse(toIso(failingSince)) < disableAfterMs) return false;
    const turnedOff = await executor
      .updateTable('webhookEndpoints')
      .set({
        enabled: 0,
        disabledReason: WEBHOOK_MESSAGES.disabledAfterFailures,
        updatedAt: nowIso(() => now),
      })
      .where('id', '=', endpoint.id)
      .where('enabled', '=', 1)
      .executeTakeFirst();
    if (Number(turnedOff.numUpdatedRows) === 0) return false;
    await executor
      .updateTable('webhookDeliveries')
      .set({ status: 'failed', lastError: GIVEN_UP_WHEN_DISABLED })
      .where('endpointId', '=', endpoint.id)
      .where('status', '=', 'pending')
      .where('id', '<>', exceptDelivery)
      .execute();
    await onDisabled(executor, endpoint);
    return true;
  };

  return {
    network: true,
    async run(entry, executor) {
      const deliveryId = deliveryIdOf(entry.payload);
      const delivery = deliveryId === undefined ? undefined : await find(deliveryId, executor);
      // Deleted with its endpoint, or given up meanwhile: nothing to send.
      if (delivery?.status !== 'pending') return;
      if (delivery.enabled !== 1) {
        await executor
          .updateTable('webhookDeliveries')
          .set({ status: 'failed', lastError: NOT_SENT_WHILE_OFF })
          .where('id', '=', delivery.id)
          .execute();
        return;
      }
      const now = clock();
      const { responseStatus, durationMs } = await sendWebhook({
        url: delivery.url,
        secret: delivery.secret,
        event: delivery.event,
        deliveryId: delivery.id,
        body: delivery.body,
        now,
        timeoutMs,
        allowPrivate,
      });
      await executor
        .updateTable('webhookEndpoints')
        .set({ failingSince: null })
        .where('id', '=', delivery.endpointId)
        .where('failingSince', 'is not', null)
        .execute();
      await executor
        .updateTable('webhookDeliveries')
        .set({
          status: 'delivered',
          attempts: delivery.attempts + 1,
          responseStatus,
          durationMs,
          lastError: null,
          lastAttemptAt: nowIso(() => now),
        })
        .where('id', '=', delivery.id)
        .execute();
    },

    async failed(entry, error, executor, givenUp) {
      const deliveryId = deliveryIdOf(entry.payload);
      const delivery = deliveryId === undefined ? undefined : await find(deliveryId, executor);
      if (!delivery) return;
      const attempt = error instanceof WebhookAttemptError ? error : undefined;
      const turnedOff =
        attempt !== undefined &&
        (await countFailure(
          executor,
          { id: delivery.endpointId, url: delivery.url, description: delivery.description },
          delivery.id,
        ));
      await executor
        .updateTable('webhookDeliveries')
        .set({
          status: givenUp || turnedOff ? 'failed' : 'pending',
          attempts: delivery.attempts + 1,
          responseStatus: attempt?.responseStatus ?? null,
          durationMs: attempt?.durationMs ?? null,
          lastError: errorText(error),
          lastAttemptAt: nowIso(clock),
        })
        .where('id', '=', delivery.id)
        .execute();
    },
  };
}
