import { z } from 'zod';
import {
  ACCESS_KEY_ID_MAX_LENGTH,
  AGE_RECIPIENT_PATTERN,
  BUCKET_NAME_PATTERN,
  ENDPOINT_MAX_LENGTH,
  BACKUP_COPY_MESSAGES as MESSAGES,
  PREFIX_PATTERN,
  REGION_PATTERN,
  SECRET_ACCESS_KEY_MAX_LENGTH,
} from '../rules/backup-copies.ts';
import { withoutControlCharacters } from './fields.ts';

const EndpointSchema = z
  .string(MESSAGES.endpoint)
  .trim()
  .check(withoutControlCharacters('Storage address'))
  .max(ENDPOINT_MAX_LENGTH, MESSAGES.endpoint)
  .refine((value) => {
    if (value === '') return true;
    try {
      const url = new URL(value);
      // Only the address: a path or query would be silently dropped or misread by the S3 client.
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.pathname === '/' && !url.search;
    } catch {
      return false;
    }
  }, MESSAGES.endpoint);

/**
 * Settings → Backups → Off-machine copies, as the form sends it. An empty or missing secret access key keeps
 * the one saved (the form never shows it again); the first save needs one.
 */
export const BackupDestinationInputSchema = z.object({
  endpoint: EndpointSchema.default(''),
  region: z.string(MESSAGES.region).trim().regex(REGION_PATTERN, MESSAGES.region),
  bucket: z.string(MESSAGES.bucket).trim().regex(BUCKET_NAME_PATTERN, MESSAGES.bucket),
  prefix: z.string(MESSAGES.prefix).trim().regex(PREFIX_PATTERN, MESSAGES.prefix).default(''),
  accessKeyId: z
    .string(MESSAGES.accessKeyId)
    .trim()
    .check(withoutControlCharacters('Access key id'))
    .min(1, MESSAGES.accessKeyId)
    .max(ACCESS_KEY_ID_MAX_LENGTH, MESSAGES.accessKeyId),
  secretAccessKey: z
    .string(MESSAGES.secretAccessKey)
    .check(withoutControlCharacters('Secret access key'))
    .max(SECRET_ACCESS_KEY_MAX_LENGTH, MESSAGES.secretAccessKey)
    .optional(),
  forcePathStyle: z.boolean('Path-style must be on or off').default(false),
  recipient: z.string(MESSAGES.recipient).trim().regex(AGE_RECIPIENT_PATTERN, MESSAGES.recipient),
});
export type BackupDestinationInput = z.input<typeof BackupDestinationInputSchema>;

/** The saved destination as the API answers it: everything but the secret, which is only said to be set. */
export const BackupDestinationSchema = z.object({
  endpoint: z.string(),
  region: z.string(),
  bucket: z.string(),
  prefix: z.string(),
  accessKeyId: z.string(),
  secretAccessKeySet: z.literal(true),
  forcePathStyle: z.boolean(),
  recipient: z.string(),
  updatedAt: z.iso.datetime(),
});
export type BackupDestination = z.infer<typeof BackupDestinationSchema>;

/** One backup's copy: waiting (or failed and to be tried again, `lastError` says why), done, or given up. */
export const BackupCopySchema = z.object({
  fileName: z.string(),
  status: z.enum(['pending', 'done', 'failed']),
  attempts: z.number().int().nonnegative(),
  /** The last failure in plain words; null once done. */
  lastError: z.string().nullable(),
  /** Where it went (`bucket/key`), once done. */
  location: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
});
export type BackupCopy = z.infer<typeof BackupCopySchema>;

export const BackupCopiesResponseSchema = z.object({
  destination: BackupDestinationSchema.nullable(),
  lastCopy: BackupCopySchema.nullable(),
  /** WEBHOOKS_ALLOW_PRIVATE_HTTP: plain http and private addresses (a MinIO on the LAN) may be used. */
  privateAddressesAllowed: z.boolean(),
});
export type BackupCopies = z.infer<typeof BackupCopiesResponseSchema>;
