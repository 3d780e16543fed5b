import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MessageResponseSchema } from '../../../shared/contracts/api.ts';
import {
  WebhookDeliveryListResponseSchema,
  WebhookDeliveryParamsSchema,
  WebhookEndpointCreatedResponseSchema,
  WebhookEndpointIdParamsSchema,
  WebhookEndpointInputSchema,
  WebhookEndpointListResponseSchema,
  WebhookEndpointResponseSchema,
  WebhookEndpointUpdateSchema,
} from '../../../shared/contracts/webhooks.ts';
import { WEBHOOK_ENDPOINTS_MAX, WEBHOOK_MESSAGES } from '../../../shared/rules/webhooks.ts';
import { destinationProblem } from '../../egress/egress.ts';
import {
  ADMIN_ERROR_RESPONSES,
  errorResponses,
  HttpError,
  SAVE_ERROR_RESPONSES,
} from '../../lib/http-errors.ts';
import { access } from '../../plugins/access.ts';
import type { WebhookOutbox } from './webhook-outbox.ts';
import type { WebhookRepository } from './webhook-repository.ts';
import { WEBHOOK_URL_MESSAGES } from './webhook-urls.ts';

export interface WebhookRouteDeps {
  webhooks: WebhookRepository;
  outbox: WebhookOutbox;
  /** WEBHOOKS_ALLOW_PRIVATE_HTTP: http, and loopback or private addresses, may be used. */
  allowPrivateHttp: boolean;
}

/** The audit log keeps where a webhook points, not its path or query, which often carry a token. */
function auditDetail(request: FastifyRequest, body: { url?: string | undefined; description?: string }) {
  request.auditNote = {
    detail: {
      ...(body.url === undefined ? {} : { url: new URL(body.url).origin }),
      ...(body.description === undefined ? {} : { description: body.description }),
    },
  };
}

/** Settings' webhooks (administrators): endpoints, their signing secret (shown once) and delivery log. */
export const webhookRoutes: FastifyPluginAsyncZod<WebhookRouteDeps> = async (
  app,
  { webhooks, outbox, allowPrivateHttp },
) => {
  const checkUrl = async (url: string) => {
    const problem = await destinationProblem(url, { allowPrivate: allowPrivateHttp });
    if (problem) {
      const message = WEBHOOK_URL_MESSAGES[problem];
      throw new HttpError(400, `Please check the form: ${message}`, { errors: { url: message } });
    }
  };

  app.get(
    '/api/admin/webhooks',
    {
      config: { access: access.session('administration') },
      schema: {
        tags: ['webhooks'],
        summary: 'The webhook endpoints, oldest first (without their secrets)',
        response: { 200: WebhookEndpointListResponseSchema, ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { endpoints: await webhooks.list(), privateHttpAllowed: allowPrivateHttp };
    },
  );

  app.post(
    '/api/admin/webhooks',
    {
      config: { access: access.sensitive('administration'), audit: { action: 'webhook.create' } },
      schema: {
        tags: ['webhooks'],
        summary: 'Adds a webhook endpoint; the answer carries its signing secret, which is never shown again',
        body: WebhookEndpointInputSchema,
        response: { 201: WebhookEndpointCreatedResponseSchema, ...SAVE_ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const { url, description, events } = request.body;
      await checkUrl(url);
      if ((await webhooks.count()) >= WEBHOOK_ENDPOINTS_MAX)
        throw new HttpError(409, WEBHOOK_MESSAGES.tooMany);
      const created = await webhooks.create({ url, description, events }, request.admin!.id);
      auditDetail(request, { url, description });
      reply.header('cache-control', 'no-store');
      return reply
        .status(201)
        .send({ success: true as const, message: WEBHOOK_MESSAGES.created, data: created });
    },
  );

  app.patch(
    '/api/admin/webhooks/:id',
    {
      config: {
        access: access.sensitive('administration'),
        audit: { action: 'webhook.update', target: 'webhook' },
      },
      schema: {
        tags: ['webhooks'],
        summary:
          'Changes a webhook endpoint: its URL, description, events, or on/off (turning it on again clears its failures)',
        params: WebhookEndpointIdParamsSchema,
        body: WebhookEndpointUpdateSchema,
        response: { 200: WebhookEndpointResponseSchema, ...SAVE_ERROR_RESPONSES },
      },
    },
    async (request) => {
      if (request.body.url !== undefined) await checkUrl(request.body.url);
      const endpoint = await webhooks.update(request.params.id, request.body);
      if (!endpoint) throw new HttpError(404, WEBHOOK_MESSAGES.notFound);
      auditDetail(request, request.body);
      if (request.body.enabled !== undefined) request.auditNote!.detail!.enabled = request.body.enabled;
      return { success: true as const, message: WEBHOOK_MESSAGES.updated, data: endpoint };
    },
  );

  app.delete(
    '/api/admin/webhooks/:id',
    {
      config: {
        access: access.sensitive('administration'),
        audit: { action: 'webhook.delete', target: 'webhook' },
      },
      schema: {
        tags: ['webhooks'],
        summary: 'Deletes a webhook endpoint with its delivery log; nothing more is sent to it',
        params: WebhookEndpointIdParamsSchema,
        response: { 200: MessageResponseSchema, ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (request) => {
      if (!(await webhooks.delete(request.params.id))) throw new HttpError(404, WEBHOOK_MESSAGES.notFound);
      return { success: true as const, message: WEBHOOK_MESSAGES.deleted };
    },
  );

  app.get(
    '/api/admin/webhooks/:id/deliveries',
    {
      config: { access: access.session('administration') },
      schema: {
        tags: ['webhooks'],
        summary:
          "A webhook endpoint's newest 50 deliveries: status, attempts, answer, duration and last error",
        params: WebhookEndpointIdParamsSchema,
        response: { 200: WebhookDeliveryListResponseSchema, ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      if (!(await webhooks.findById(request.params.id))) throw new HttpError(404, WEBHOOK_MESSAGES.notFound);
      reply.header('cache-control', 'no-store');
      return { deliveries: await webhooks.deliveries(request.params.id) };
    },
  );

  app.post(
    '/api/admin/webhooks/:id/deliveries/:deliveryId/redeliver',
    {
      config: {
        access: access.sensitive('administration'),
        audit: { action: 'webhook.redeliver', target: 'webhook' },
      },
      schema: {
        tags: ['webhooks'],
        summary:
          'Sends a delivery again: the same body and event id, signed anew, after earlier events of the same inquiry',
        params: WebhookDeliveryParamsSchema,
        response: { 202: MessageResponseSchema, ...ADMIN_ERROR_RESPONSES, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      const outcome = await webhooks.redeliver(request.params.id, request.params.deliveryId, outbox);
      if (outcome === 'not-found') throw new HttpError(404, WEBHOOK_MESSAGES.deliveryNotFound);
      if (outcome === 'endpoint-off') throw new HttpError(409, WEBHOOK_MESSAGES.redeliverWhileOff);
      if (outcome === 'pending') throw new HttpError(409, WEBHOOK_MESSAGES.redeliverPending);
      outbox.nudge();
      return reply.status(202).send({ success: true as const, message: WEBHOOK_MESSAGES.redelivered });
    },
  );
};
