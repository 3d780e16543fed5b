/**
 * Copies of every backup in S3-compatible storage, encrypted to the owner's age key before they leave the
 * machine (decision 056): the limits and texts the form and the server share.
 */

/**
 * An age public key as `age-keygen` prints it: `age1` and Bech32 characters (X25519 keys are 62 long; the
 * post-quantum hybrid ones much longer). The server also has the age library parse it.
 */
export const AGE_RECIPIENT_PATTERN = /^age1[02-9ac-hj-np-z]{50,2000}$/;

/** S3's rule for bucket names (the strictest of the providers'): 3–63 lowercase letters, digits, dots, dashes. */
export const BUCKET_NAME_PATTERN = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/** A region as providers spell them: `us-east-1`, `eu-central-003`, R2's `auto`. */
export const REGION_PATTERN = /^[a-z0-9-]{1,64}$/;

/** Folders in the bucket: letters, digits and `._-/`, no leading slash, no `..`. */
export const PREFIX_PATTERN = /^(?!\/)(?!.*\.\.)[A-Za-z0-9._\-/]{0,200}$/;

export const ENDPOINT_MAX_LENGTH = 500;
export const ACCESS_KEY_ID_MAX_LENGTH = 128;
export const SECRET_ACCESS_KEY_MAX_LENGTH = 256;

/** A copy's object name: the backup's own name and `.age`, under the prefix. */
export const COPY_SUFFIX = '.age';

export const BACKUP_COPY_MESSAGES = {
  endpoint: 'Give the storage address as https://host[:port], or leave it empty for AWS S3',
  region: 'Give the region as the provider writes it, e.g. us-east-1 (auto on Cloudflare R2)',
  bucket: 'Give the bucket name: 3–63 lowercase letters, digits, dots or dashes',
  prefix: 'Use letters, digits, dots, dashes, underscores and slashes; no leading slash, no ..',
  accessKeyId: 'Give the access key id',
  secretAccessKey: 'Give the secret access key',
  recipient: 'Give an age public key: one line beginning with age1, as age-keygen prints it',
  /** Its shape is right but the age library refuses it: a letter changed, cut short, or a plugin's key. */
  recipientUnusable:
    'This age public key cannot be used: copy it again, whole and unchanged, from what age-keygen printed',
  saved: 'Off-machine copies saved',
  removed: 'Off-machine copies turned off',
  queued: 'The latest backup will be copied now',
  noDestination: 'Set up off-machine copies first',
  noBackup: 'No backup has been taken yet',
} as const;
