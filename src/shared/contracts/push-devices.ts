import { z } from 'zod';
import {
  DEVICE_NAME_MAX_LENGTH,
  isAllowedPushEndpoint,
  PUSH_ENDPOINT_MAX_LENGTH,
  PUSH_ENDPOINT_MESSAGES,
} from '../rules/push-devices.ts';
import { requiredText, withoutControlCharacters } from './fields.ts';

/** A device that receives push notifications, as My Profile lists it. */
export const PushDeviceSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The Push API's endpoint: the browser compares it with its own to mark "This device". */
  endpoint: z.string(),
  createdAt: z.iso.datetime(),
  /** The last notification the push service accepted for it. */
  lastSentAt: z.iso.datetime().nullable(),
});
export type PushDevice = z.infer<typeof PushDeviceSchema>;

export const PushDevicesResponseSchema = z.object({ devices: z.array(PushDeviceSchema) });

/** The server's VAPID public key (base64url), which the browser subscribes with. */
export const PushPublicKeyResponseSchema = z.object({ publicKey: z.string() });

/**
 * A browser's push subscription (PushSubscription.toJSON()) and the name the user gave the device. The keys
 * are base64url: p256dh an uncompressed P-256 point (65 bytes, so it starts with "B"), auth 16 bytes.
 */
export const PushDeviceInputSchema = z.object({
  endpoint: z
    .string('Endpoint is required')
    .check(withoutControlCharacters('Endpoint'))
    .max(PUSH_ENDPOINT_MAX_LENGTH, `Endpoint must be at most ${PUSH_ENDPOINT_MAX_LENGTH} characters`)
    .refine(isAllowedPushEndpoint, PUSH_ENDPOINT_MESSAGES.notHttps),
  keys: z.object(
    {
      p256dh: z.string('Key is required').regex(/^B[\w-]{86}=?$/, 'Key must be a P-256 public key'),
      auth: z.string('Secret is required').regex(/^[\w-]{22}(?:==)?$/, 'Secret must be 16 bytes'),
    },
    'Keys are required',
  ),
  name: requiredText('Device name', DEVICE_NAME_MAX_LENGTH),
});
export type PushDeviceInput = z.infer<typeof PushDeviceInputSchema>;

export const PushDeviceSavedResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  device: PushDeviceSchema,
});

/** A test notification the push service accepted; nothing of its answer is passed on (decision 047). */
export const TestPushResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});
