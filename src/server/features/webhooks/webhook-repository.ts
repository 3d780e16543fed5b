import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type {
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointInput,
  WebhookEndpointUpdateInput,
} from '../../../shared/contracts/webhooks.ts';
import {
  WEBHOOK_EVENTS,
  type WebhookDeliveryStatus,
  type WebhookEvent,
} from '../../../shared/rules/webhooks.ts';
import type { DB } from '../../db/schema.ts';
import { fromFlag, newId, nowIso, toIso } from '../../db/values.ts';
import { deliveryLane, deliveryOrderingKey, eventSubject, type WebhookOutbox } from './webhook-outbox.ts';

/** The outbox entry that sends one delivery. */
export interface WebhookDeliveryPayload {
  deliveryId: string;
}

/** The newest deliveries an endpoint's log shows. */
const DELIVERY_LOG_LENGTH = 50;

const ENDPOINT_COLUMNS = [
  'id',
  'url',
  'description',
  'events',
  'enabled',
  'disabledReason',
  'failingSince',
  'createdAt',
  'updatedAt',
] as const;

const DELIVERY_COLUMNS = [
  'id',
  'event',
  'status',
  'attempts',
  'responseStatus',
  'durationMs',
  'lastError',
  'createdAt',
  'lastAttemptAt',
] as const;

type Timestamp = string | Date;

/** The events stored as JSON, read back keeping only names that still exist. */
function parseEvents(json: string): WebhookEvent[] {
  try {
    const events: unknown = JSON.parse(json);
    return Array.isArray(events) ? WEBHOOK_EVENTS.filter((event) => events.includes(event)) : [];
  } catch {
    return [];
  }
}

function toEndpoint(row: {
  id: string;
  url: string;
  description: string;
  events: string;
  enabled: number;
  disabledReason: string | null;
  failingSince: Timestamp | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}): WebhookEndpoint {
  return {
    _id: row.id,
    url: row.url,
    description: row.description,
    events: parseEvents(row.events),
    enabled: fromFlag(row.enabled),
    disabledReason: row.disabledReason,
    failingSince: row.failingSince === null ? null : toIso(row.failingSince),
    createdAt: toIso(row.createdAt),
    updatedAt: toIso(row.updatedAt),
  };
}

function toDelivery(row: {
  id: string;
  event: string;
  status: string;
  attempts: number;
  responseStatus: number | null;
  durationMs: number | null;
  lastError: string | null;
  createdAt: Timestamp;
  lastAttemptAt: Timestamp | null;
}): WebhookDelivery {
  return {
    _id: row.id,
    event: row.event as WebhookEvent,
    status: row.status as WebhookDeliveryStatus,
    attempts: row.attempts,
    responseStatus: row.responseStatus,
    durationMs: row.durationMs,
    lastError: row.lastError,
    createdAt: toIso(row.createdAt),
    lastAttemptAt: row.lastAttemptAt === null ? null : toIso(row.lastAttemptAt),
  };
}

/** A signing secret: 32 random bytes, shown once when the endpoint is added. */
function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** Webhook endpoints (webhook_endpoints) and their delivery log (webhook_deliveries). */
export function createWebhookRepository(db: Kysely<DB>, { clock = Date.now }: { clock?: () => number } = {}) {
  return {
    async list(): Promise<WebhookEndpoint[]> {
      const rows = await db
        .selectFrom('webhookEndpoints')
        .select(ENDPOINT_COLUMNS)
        .orderBy('createdAt')
        .orderBy('id')
        .execute();
      return rows.map(toEndpoint);
    },

    async count(): Promise<number> {
      const row = await db
        .selectFrom('webhookEndpoints')
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async findById(id: string): Promise<WebhookEndpoint | undefined> {
      const row = await db
        .selectFrom('webhookEndpoints')
        .select(ENDPOINT_COLUMNS)
        .where('id', '=', id)
        .executeTakeFirst();
      return row && toEndpoint(row);
    },

    /** Adds an endpoint, on, with a new secret: the one time the secret leaves the server. */
    async create(
      input: Required<Pick<WebhookEndpointInput, 'url' | 'events'>> & { description: string },
      createdBy: string | null,
    ): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
      const now = nowIso(clock);
      const secret = newSecret();
      const row = await db
        .insertInto('webhookEndpoints')
        .values({
          id: newId(),
          url: input.url,
          description: input.description,
          events: JSON.stringify(input.events),
          secret,
          enabled: 1,
          createdBy,
          createdAt: now,
          updatedAt: now,
        })
        .returning(ENDPOINT_COLUMNS)
        .executeTakeFirstOrThrow();
      return { endpoint: toEndpoint(row), secret };
    },

    /**
     * Changes an endpoint. Turning it on clears its failures (a fresh day before it can be disabled again);
     * turning it off by hand clears the reason it was turned off automatically.
     */
    async update(
      id: string,
      change: Omit<WebhookEndpointUpdateInput, 'events'> & { events?: WebhookEvent[] },
    ): Promise<WebhookEndpoint | undefined> {
      const row = await db
        .updateTable('webhookEndpoints')
        .set({
          ...(change.url === undefined ? {} : { url: change.url }),
          ...(change.description === undefined ? {} : { description: change.description }),
          ...(change.events === undefined ? {} : { events: JSON.stringify(change.events) }),
          ...(change.enabled === undefined
            ? {}
            : change.enabled
              ? { enabled: 1, failingSince: null, disabledReason: null }
              : { enabled: 0, disabledReason: null }),
          updatedAt: nowIso(clock),
        })
        .where('id', '=', id)
        .returning(ENDPOINT_COLUMNS)
        .executeTakeFirst();
      return row && toEndpoint(row);
    },

    /** Deletes an endpoint with its deliveries (their outbox entries find nothing and are done). */
    async delete(id: string): Promise<boolean> {
      const result = await db.deleteFrom('webhookEndpoints').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** The endpoint's newest deliveries. */
    async deliveries(endpointId: string): Promise<WebhookDelivery[]> {
      const rows = await db
        .selectFrom('webhookDeliveries')
        .select(DELIVERY_COLUMNS)
        .where('endpointId', '=', endpointId)
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .limit(DELIVERY_LOG_LENGTH)
        .execute();
      return rows.map(toDelivery);
    },

    /**
     * Sends a delivery again, the same body (the same event id) with a fresh signature: back to pending,
     * with a new outbox entry keeping its place in its subject's order.
     */
    redeliver(
      endpointId: string,
      deliveryId: string,
      outbox: WebhookOutbox,
    ): Promise<'queued' | 'not-found' | 'endpoint-off' | 'pending'> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('webhookDeliveries')
          .innerJoin('webhookEndpoints', 'webhookEndpoints.id', 'webhookDeliveries.endpointId')
          .select([
            'webhookDeliveries.event',
            'webhookDeliveries.body',
            'webhookDeliveries.status',
            'webhookEndpoints.enabled',
          ])
          .where('webhookDeliveries.id', '=', deliveryId)
          .where('webhookDeliveries.endpointId', '=', endpointId)
          .executeTakeFirst();
        if (!row) return 'not-found';
        if (!fromFlag(row.enabled)) return 'endpoint-off';
        if (row.status === 'pending') return 'pending';
        await trx
          .updateTable('webhookDeliveries')
          .set({ status: 'pending' })
          .where('id', '=', deliveryId)
          .execute();
        const subjectId = String((JSON.parse(row.body) as { data?: { id?: unknown } }).data?.id ?? '');
        await outbox.enqueue(trx, 'webhook', { deliveryId } satisfies WebhookDeliveryPayload, {
          orderingKey: deliveryOrderingKey(endpointId, eventSubject(row.event as WebhookEvent, subjectId)),
          lane: deliveryLane(endpointId),
        });
        return 'queued';
      });
    },
  };
}

export type WebhookRepository = ReturnType<typeof createWebhookRepository>;
