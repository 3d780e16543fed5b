import type { FastifyInstance } from 'fastify';
import type { WebhookEvent } from '../../../shared/rules/webhooks.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { Executor } from '../../db/repository-support.ts';
import { encapsulated } from '../../lib/encapsulated.ts';
import type { OutboxPort } from '../../outbox/outbox.ts';
import { webhookRoutes } from './routes.ts';
import { type DisabledEndpoint, webhookDeliveryHandler } from './webhook-delivery.ts';
import { createWebhookEvents, inquiryData, type PublishedPost } from './webhook-events.ts';
import { createWebhookRepository } from './webhook-repository.ts';

/**
 * Signed webhooks (decision 042): each event is written to the outbox in the transaction of its change, then
 * fanned out into one delivery per subscribed endpoint, sent through the egress guard (decision 047).
 */
export function createWebhooksModule({
  database,
  config,
  outbox,
  origin,
  clock,
  timeoutMs,
  onDisabled,
}: {
  database: Pick<Database, 'db'>;
  config: Pick<Config, 'WEBHOOKS_ALLOW_PRIVATE_HTTP'>;
  outbox: OutboxPort<WebhookEvent | 'webhook'>;
  /** Where post links point: PUBLIC_ORIGIN, or the server's own address. */
  origin: string;
  clock: () => number;
  /** How long a delivery waits for its receiver (10 s; tests shorten it). */
  timeoutMs: number | undefined;
  /** Tells the administrators of an endpoint turned off after a day of failures. */
  onDisabled: (executor: Executor, endpoint: DisabledEndpoint) => Promise<void>;
}) {
  const events = createWebhookEvents({ outbox, origin, clock });
  for (const event of ['inquiry.updated', 'inquiry.deleted', 'post.published', 'member.deleted'] as const)
    outbox.handle(event, events.handler);
  outbox.handle(
    'webhook',
    webhookDeliveryHandler({
      clock,
      allowPrivate: config.WEBHOOKS_ALLOW_PRIVATE_HTTP,
      onDisabled,
      ...(timeoutMs ? { timeoutMs } : {}),
    }),
  );
  const webhooks = createWebhookRepository(database.db, { clock });
  return {
    /** An inquiry changed or was deleted: its event, written with `executor`, the change's transaction. */
    inquiryChanged: (
      executor: Executor,
      change: 'inquiry.updated' | 'inquiry.deleted',
      inquiry: { _id: string } & object,
    ) => events.record(executor, change, inquiryData(inquiry)),
    postPublished: (executor: Executor, post: PublishedPost) =>
      events.record(executor, 'post.published', events.postData(post)),
    memberDeleted: (executor: Executor, id: string) => events.record(executor, 'member.deleted', { id }),
    inquiriesCreated: events.inquiriesCreated,
    async register(app: FastifyInstance) {
      await app.register(encapsulated(webhookRoutes), {
        webhooks,
        outbox,
        allowPrivateHttp: config.WEBHOOKS_ALLOW_PRIVATE_HTTP,
      });
    },
  };
}
