import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { performance } from 'node:perf_hooks';
import {
  WEBHOOK_DISABLE_AFTER_MS,
  WEBHOOK_MESSAGES,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMEOUT_MS,
} from '../../../shared/rules/webhooks.ts';
import type { Executor } from '../../db/repository-support.ts';
import { nowIso, toIso } from '../../db/values.ts';
import { guardedLookup, literalHostRefused } from './webhook-addresses.ts';
import type { WebhookOutboxHandler } from './webhook-events.ts';

export const WEBHOOK_USER_AGENT = 'Sampark-Webhooks/1.0';
/** The longest error text kept in the delivery log. */
const MAX_ERROR_LENGTH = 300;
/** A receiver's answer is read (and dropped) up to this much, so that a huge one cannot hold the worker. */
const MAX_ANSWER_BYTES = 64 * 1024;

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
 * POSTs one delivery: signed, never following a redirect, given up after `timeoutMs` (the answer's body
 * included), connecting only to the address the guarded lookup allowed. Resolves with the answer's status
 * and the time taken on a 2xx; throws a WebhookAttemptError otherwise.
 */
function sendWebhook(request: WebhookRequest): Promise<{ responseStatus: number; durationMs: number }> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const target = new URL(request.url);
  if (literalHostRefused(target, request.allowPrivate)) {
    return Promise.reject(new WebhookAttemptError(WEBHOOK_MESSAGES.privateAddress, null, 0));
  }
  const signal = AbortSignal.timeout(request.timeoutMs);
  return new Promise((resolve, reject) => {
    const fail = (message: string, status: number | null = null) =>
      reject(new WebhookAttemptError(message, status, elapsed()));
    const outgoing = (target.protocol === 'https:' ? https : http).request(
      target,
      {
        method: 'POST',
        // A connection of its own each time: the address is looked up (and checked) on every attempt.
        agent: false,
        lookup: guardedLookup(request.allowPrivate),
        signal,
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
      },
      (answer) => {
        const status = answer.statusCode ?? 0;
        let read = 0;
        answer.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) answer.destroy();
        });
        answer.on('error', () => {});
        const settle = () => {
          if (status >= 200 && status < 300) resolve({ responseStatus: status, durationMs: elapsed() });
          else if (status >= 300 && status < 400)
            fail(`Redirects are not followed (status ${status})`, status);
          else fail(`The receiver answered ${status}`, status);
        };
        answer.on('end', settle);
        answer.on('close', () => {
          if (signal.aborted) fail(`No answer within ${request.timeoutMs / 1000} s`, status);
          else if (!answer.complete && read <= MAX_ANSWER_BYTES)
            fail('The connection closed mid-answer', status);
          else settle();
        });
      },
    );
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      if (signal.aborted) fail(`No answer within ${request.timeoutMs / 1000} s`);
      else if (error.code === 'EPRIVATEADDRESS') fail(WEBHOOK_MESSAGES.privateAddress);
      else fail(error.code ? `${error.code}: ${error.message}` : error.message);
    });
    outgoing.end(request.body);
  });
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
}): WebhookOutboxHandler {
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
