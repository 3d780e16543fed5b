import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MessageResponseSchema } from '../../../shared/contracts/api.ts';
import {
  type WebhookDelivery,
  WebhookDeliveryListResponseSchema,
  type WebhookEndpoint,
  WebhookEndpointCreatedResponseSchema,
  type WebhookEndpointInput,
  WebhookEndpointListResponseSchema,
  WebhookEndpointResponseSchema,
  type WebhookEndpointUpdateInput,
} from '../../../shared/contracts/webhooks.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { screenQueryOptions } from '../../lib/query-cache.ts';

const BASE = '/api/admin/webhooks';

/** The endpoints' list, and under each endpoint its delivery log: a change to an endpoint refetches both. */
const webhookKeys = {
  all: ['webhooks'] as const,
  list: () => [...webhookKeys.all, 'list'] as const,
  deliveries: (id: string) => [...webhookKeys.all, 'deliveries', id] as const,
};

const endpointPath = (id: string, rest = '') => `${BASE}/${encodeURIComponent(id)}${rest}`;

function fetchEndpoints(signal: AbortSignal) {
  return apiRequest(BASE, { signal, schema: WebhookEndpointListResponseSchema });
}

const endpointsQueryOptions = () =>
  screenQueryOptions(webhookKeys.list(), fetchEndpoints, 'Failed to load the webhooks');

export function useWebhookEndpoints() {
  return useQuery({ ...endpointsQueryOptions(), select: (data): WebhookEndpoint[] => data.endpoints });
}

/** Whether the server takes plain http to a loopback or private address (WEBHOOKS_ALLOW_PRIVATE_HTTP). */
export function usePrivateHttpAllowed(): boolean {
  return useQuery({ ...endpointsQueryOptions(), select: (data) => data.privateHttpAllowed }).data ?? false;
}

async function fetchDeliveries(id: string, signal: AbortSignal): Promise<WebhookDelivery[]> {
  return (
    await apiRequest(endpointPath(id, '/deliveries'), { signal, schema: WebhookDeliveryListResponseSchema })
  ).deliveries;
}

/** An endpoint's newest deliveries, asked only while its log is open. */
export function useWebhookDeliveries(id: string, enabled: boolean) {
  return useQuery({
    ...screenQueryOptions(
      webhookKeys.deliveries(id),
      (signal) => fetchDeliveries(id, signal),
      'Failed to load the delivery log',
    ),
    enabled,
  });
}

function invalidateWebhooks(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: webhookKeys.all });
}

/** The answer carries the signing secret: handed to the caller, never kept in a cache (gcTime 0). */
export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    gcTime: 0,
    mutationFn: async (body: WebhookEndpointInput) =>
      (await apiRequest(BASE, { method: 'POST', body, schema: WebhookEndpointCreatedResponseSchema })).data,
    onSettled: () => invalidateWebhooks(queryClient),
  });
}

export interface WebhookChange {
  id: string;
  body: WebhookEndpointUpdateInput;
}

/** Turning an endpoint on or off (on again clears its failures), or changing its fields. */
export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: WebhookChange) =>
      apiRequest(endpointPath(id), { method: 'PATCH', body, schema: WebhookEndpointResponseSchema }),
    onSettled: () => invalidateWebhooks(queryClient),
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(endpointPath(id), { method: 'DELETE', schema: MessageResponseSchema }),
    onSuccess: (_answer, id) => queryClient.removeQueries({ queryKey: webhookKeys.deliveries(id) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.list() }),
  });
}

export interface Redelivery {
  endpointId: string;
  deliveryId: string;
}

/** Queues a delivery again (202); the log is asked again to show it waiting. */
export function useRedeliverWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ endpointId, deliveryId }: Redelivery) =>
      apiRequest(endpointPath(endpointId, `/deliveries/${encodeURIComponent(deliveryId)}/redeliver`), {
        method: 'POST',
        schema: MessageResponseSchema,
      }),
    onSettled: (_answer, _error, { endpointId }) =>
      queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(endpointId) }),
  });
}
