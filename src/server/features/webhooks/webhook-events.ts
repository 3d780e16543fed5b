import { type Locale, localizedPath } from '../../../shared/rules/locales.ts';
import { WEBHOOK_EVENTS, type WebhookEvent } from '../../../shared/rules/webhooks.ts';
import type { Executor } from '../../db/repository-support.ts';
import { newId, nowIso } from '../../db/values.ts';
import type { OutboxEntry, OutboxHandler } from '../../outbox/outbox.ts';
import { deliveryLane, deliveryOrderingKey, eventSubject, type WebhookOutbox } from './webhook-outbox.ts';
import type { WebhookDeliveryPayload } from './webhook-repository.ts';

/** What an event says: `data` as it was when the event happened (a deleted inquiry's included). */
export interface WebhookEventPayload {
  /** The event's id: the body's `id`, the same on every attempt, redelivery and endpoint. */
  eventId: string;
  createdAt: string;
  data: { id: string } & Record<string, unknown>;
}

/** The webhook body: `{id, type, createdAt, data}`, the same bytes on every attempt (README "Webhooks"). */
function webhookBody(event: WebhookEvent, payload: WebhookEventPayload): string {
  return JSON.stringify({
    id: payload.eventId,
    type: event,
    createdAt: payload.createdAt,
    data: payload.data,
  });
}

function isEventPayload(value: unknown): value is WebhookEventPayload {
  const payload = value as Partial<WebhookEventPayload> | null;
  return (
    typeof payload?.eventId === 'string' &&
    typeof payload.createdAt === 'string' &&
    typeof payload.data?.id === 'string'
  );
}

/** A post as post.published tells of it. */
export interface PublishedPost {
  _id: string;
  title: string;
  slug: string;
  language: string;
  publishedAt: string | null;
}

/**
 * Webhook events (decision 042). Each is written to the outbox in the transaction of what caused it
 * (`record`), with the data as it is then; a fan-out then writes one delivery (a log row and a `webhook`
 * outbox entry) per endpoint that is on and subscribed, counted at fan-out time. The events of one inquiry
 * share an ordering key, and so do their deliveries to one endpoint: they leave in the order they happened.
 */
export function createWebhookEvents({
  outbox,
  origin,
  clock = Date.now,
}: {
  outbox: WebhookOutbox;
  /** Where post links point: PUBLIC_ORIGIN, or the server's own address. */
  origin: string;
  clock?: () => number;
}) {
  const subscribers = async (event: WebhookEvent, executor: Executor) => {
    const rows = await executor
      .selectFrom('webhookEndpoints')
      .select(['id', 'events'])
      .where('enabled', '=', 1)
      .execute();
    return rows.filter((row) => {
      try {
        return (JSON.parse(row.events) as unknown[]).includes(event);
      } catch {
        return false;
      }
    });
  };

  /** One delivery per subscribed endpoint for each event, written with `executor`. */
  const fanOut = async (
    event: WebhookEvent,
    payloads: WebhookEventPayload[],
    executor: Executor,
    endpoints?: { id: string }[],
  ) => {
    if (payloads.length === 0) return;
    const to = endpoints ?? (await subscribers(event, executor));
    const now = nowIso(clock);
    for (const payload of payloads) {
      const body = webhookBody(event, payload);
      const subject = eventSubject(event, payload.data.id);
      for (const endpoint of to) {
        const deliveryId = newId();
        await executor
          .insertInto('webhookDeliveries')
          .values({ id: deliveryId, endpointId: endpoint.id, event, body, status: 'pending', createdAt: now })
          .execute();
        await outbox.enqueue(executor, 'webhook', { deliveryId } satisfies WebhookDeliveryPayload, {
          orderingKey: deliveryOrderingKey(endpoint.id, subject),
          lane: deliveryLane(endpoint.id),
        });
      }
    }
  };

  const eventsOf = (entries: OutboxEntry[]) => {
    const byEvent = new Map<WebhookEvent, WebhookEventPayload[]>();
    for (const entry of entries) {
      const event = WEBHOOK_EVENTS.find((name) => name === entry.kind);
      // Unreadable: nothing can be sent from it, and trying again cannot help.
      if (!event || !isEventPayload(entry.payload)) continue;
      byEvent.set(event, [...(byEvent.get(event) ?? []), entry.payload]);
    }
    return byEvent;
  };

  /** The outbox handler of the events written by `record` (all but inquiry.created). */
  const handler: OutboxHandler = {
    network: false,
    run: async (entry, executor) => {
      for (const [event, payloads] of eventsOf([entry])) await fanOut(event, payloads, executor);
    },
    runBatch: async (entries, executor) => {
      for (const [event, payloads] of eventsOf(entries)) await fanOut(event, payloads, executor);
    },
  };

  return {
    handler,

    /** Writes an event with `executor`, the transaction of the change it tells of. */
    async record(
      executor: Executor,
      event: Exclude<WebhookEvent, 'inquiry.created'>,
      data: WebhookEventPayload['data'],
    ): Promise<void> {
      // Nobody listens (the usual case): nothing is written.
      if ((await subscribers(event, executor)).length === 0) return;
      const payload: WebhookEventPayload = { eventId: newId(), createdAt: nowIso(clock), data };
      await outbox.enqueue(executor, event, payload, { orderingKey: eventSubject(event, data.id) });
      // Looked for a moment from now, by when the change has usually committed (else the next poll finds it).
      outbox.nudge();
    },

    /**
     * inquiry.created, fanned out with the new inquiries' notifications (the contact form writes one outbox
     * entry, decision 031): the inquiry as it is when its event is fanned out, a moment after the form; one
     * deleted meanwhile has its inquiry.deleted event instead. The event id is the form's outbox entry's.
     */
    async inquiriesCreated(
      created: { inquiryId: string; eventId: string }[],
      executor: Executor,
      find: (
        id: string,
        executor: Executor,
      ) => Promise<({ _id: string; createdAt: string } & object) | undefined>,
    ): Promise<void> {
      const endpoints = await subscribers('inquiry.created', executor);
      if (endpoints.length === 0) return;
      const payloads: WebhookEventPayload[] = [];
      for (const { inquiryId, eventId } of created) {
        const inquiry = await find(inquiryId, executor);
        if (inquiry) payloads.push({ eventId, createdAt: inquiry.createdAt, data: inquiryData(inquiry) });
      }
      await fanOut('inquiry.created', payloads, executor, endpoints);
    },

    /** post.published's data: what a receiver needs to link to the post. */
    postData(post: PublishedPost): WebhookEventPayload['data'] {
      return {
        id: post._id,
        title: post.title,
        slug: post.slug,
        language: post.language,
        url: `${origin}${localizedPath(post.language as Locale, `/blog/${post.slug}`)}`,
        publishedAt: post.publishedAt,
      };
    },
  };
}

/** An inquiry's data in an event: the fields the admin API returns for it, `_id` as `id`. */
export function inquiryData({ _id, ...rest }: { _id: string } & object): WebhookEventPayload['data'] {
  return { id: _id, ...rest };
}
