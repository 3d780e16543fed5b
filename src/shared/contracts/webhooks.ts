import { z } from 'zod';
import {
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_DESCRIPTION_MAX_LENGTH,
  WEBHOOK_EVENTS,
  WEBHOOK_MESSAGES,
  WEBHOOK_URL_MAX_LENGTH,
} from '../rules/webhooks.ts';
import { idParamsSchema } from './api.ts';
import { requiredTextChecks, withoutControlCharacters } from './fields.ts';

/** A webhook endpoint as Settings lists it (the secret only in the answer that created it). */
export const WebhookEndpointSchema = z.object({
  _id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  /** Why it is off, e.g. "Disabled after a day of failed deliveries"; null while on or turned off by hand. */
  disabledReason: z.string().nullable(),
  failingSince: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;

export const WebhookEndpointListResponseSchema = z.object({
  endpoints: z.array(WebhookEndpointSchema),
  /** WEBHOOKS_ALLOW_PRIVATE_HTTP: plain http to a loopback or private address is accepted too. */
  privateHttpAllowed: z.boolean(),
});

const EventsSchema = z
  .array(z.enum(WEBHOOK_EVENTS, { error: `Event must be one of: ${WEBHOOK_EVENTS.join(', ')}` }))
  .min(1, WEBHOOK_MESSAGES.noEvents)
  .max(WEBHOOK_EVENTS.length)
  .transform((events) => WEBHOOK_EVENTS.filter((event) => events.includes(event)));

/** The URL's shape only; the server also checks where it points (https, private addresses). */
const UrlSchema = z
  .string('URL is required')
  .check(...requiredTextChecks('URL', WEBHOOK_URL_MAX_LENGTH))
  .refine((value) => {
    try {
      return ['http:', 'https:'].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, WEBHOOK_MESSAGES.urlNotAllowed);

const DescriptionSchema = z
  .string('Description must be text')
  .trim()
  .check(withoutControlCharacters('Description'))
  .max(
    WEBHOOK_DESCRIPTION_MAX_LENGTH,
    `Description must be at most ${WEBHOOK_DESCRIPTION_MAX_LENGTH} characters`,
  );

export const WebhookEndpointInputSchema = z.object({
  url: UrlSchema,
  description: DescriptionSchema.default(''),
  events: EventsSchema,
});
export type WebhookEndpointInput = z.input<typeof WebhookEndpointInputSchema>;

/** A change: any of the fields, and turning the endpoint on or off (on again clears the failures). */
export const WebhookEndpointUpdateSchema = z.object({
  url: UrlSchema.optional(),
  // No default here: a change without a description keeps the one there is.
  description: DescriptionSchema.optional(),
  events: EventsSchema.optional(),
  enabled: z.boolean('Enabled must be true or false').optional(),
});
export type WebhookEndpointUpdateInput = z.input<typeof WebhookEndpointUpdateSchema>;

export const WebhookEndpointResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: WebhookEndpointSchema,
});

/** The one answer that carries the signing secret: shown once. */
export const WebhookEndpointCreatedResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ endpoint: WebhookEndpointSchema, secret: z.string() }),
});

export const WebhookEndpointIdParamsSchema = idParamsSchema('webhook');
export const WebhookDeliveryParamsSchema = z.object({
  id: z.uuid('Invalid webhook id'),
  deliveryId: z.uuid('Invalid delivery id'),
});

/** One delivery in an endpoint's log, newest first. */
export const WebhookDeliverySchema = z.object({
  _id: z.string(),
  event: z.enum(WEBHOOK_EVENTS),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** The receiver's HTTP status at the last attempt; null when it did not answer. */
  responseStatus: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.iso.datetime(),
  lastAttemptAt: z.iso.datetime().nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const WebhookDeliveryListResponseSchema = z.object({ deliveries: z.array(WebhookDeliverySchema) });
