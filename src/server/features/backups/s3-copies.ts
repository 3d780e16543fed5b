import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { S3Client } from '@aws-sdk/client-s3';
import { COPY_SUFFIX } from '../../../shared/rules/backup-copies.ts';
import { DAY_MS } from '../../../shared/time.ts';
import { type EgressRules, egressAgents, egressProblemText } from '../../egress/egress.ts';
import type { StoredBackupDestination } from './backup-copy-repository.ts';
import type { ProgressListener } from './backup-error.ts';
import { newestBackupFirst, type ParsedBackupName, parseBackupFileName } from './backup-files.ts';

/** Time to a connected socket (TLS included), as the egress guard's own requests. */
const S3_CONNECT_TIMEOUT_MS = 5_000;
/** A request whose socket stays silent this long fails: a storage that stopped answering. */
const S3_IDLE_TIMEOUT_MS = 60_000;
/**
 * Multipart parts: S3's smallest (5 MiB), one in flight at a time, so an upload holds about 10 MiB of the
 * backup in memory whatever its size (the part being sent and the one being filled).
 */
const PART_SIZE_BYTES = 5 * 1024 * 1024;
/** Same slack as local retention (backup-files.ts): a daily schedule keeps exactly `keepDays` copies. */
const RETENTION_SLACK_MS = 60 * 60 * 1000;

/** A copy that failed, in words for Settings, the log and the administrators' email: never the secret. */
export class CopyError extends Error {}

/** Whether `recipient` is an age public key the age library can encrypt to. */
export async function isAgeRecipient(recipient: string): Promise<boolean> {
  const { Encrypter } = await import('age-encryption');
  try {
    new Encrypter().addRecipient(recipient);
    return recipient.startsWith('age1');
  } catch {
    return false;
  }
}

/** The storage's address: the one given, or AWS S3's for the region. */
function endpointOf(destination: Pick<StoredBackupDestination, 'endpoint' | 'region'>): string {
  return destination.endpoint || `https://s3.${destination.region}.amazonaws.com`;
}

/** Where a backup's copy goes in the bucket: `<prefix>/<backup name>.age`. */
function copyKey(prefix: string, fileName: string): string {
  const folder = prefix === '' || prefix.endsWith('/') ? prefix : `${prefix}/`;
  return `${folder}${fileName}${COPY_SUFFIX}`;
}

/**
 * An S3 client for the destination whose every connection goes through the egress guard (decision 047): the
 * endpoint checked now, each address its names resolve to checked when connecting, plain http and private
 * addresses only with WEBHOOKS_ALLOW_PRIVATE_HTTP, as for webhooks.
 */
async function s3Client(destination: StoredBackupDestination, rules: EgressRules): Promise<S3Client> {
  const endpoint = endpointOf(destination);
  const agents = egressAgents(endpoint, rules);
  if ('problem' in agents) {
    throw new CopyError(`The storage address ${endpoint} is refused: ${egressProblemText(agents.problem)}.`);
  }
  const { S3Client } = await import('@aws-sdk/client-s3');
  return new S3Client({
    region: destination.region,
    ...(destination.endpoint ? { endpoint: destination.endpoint } : {}),
    forcePathStyle: destination.forcePathStyle,
    credentials: { accessKeyId: destination.accessKeyId, secretAccessKey: destination.secretAccessKey },
    // R2, B2 and MinIO do not all take the newer default checksums; S3 needs none for these requests.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 2,
    requestHandler: {
      ...agents,
      connectionTimeout: S3_CONNECT_TIMEOUT_MS,
      requestTimeout: S3_IDLE_TIMEOUT_MS,
    },
  });
}

/**
 * An error the storage answered (the SDK's S3ServiceException): told by its shape, as the SDK's own
 * isInstance does, since the SDK is loaded only when a copy is made (an instance without copies never
 * pays for it).
 */
function isStorageAnswer(
  error: unknown,
): error is { name: string; $fault: string; $metadata: { httpStatusCode?: number } } {
  const candidate = error as { $fault?: unknown; $metadata?: unknown } | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    (candidate.$fault === 'client' || candidate.$fault === 'server') &&
    typeof candidate.$metadata === 'object'
  );
}

/** What the storage or the network said, in plain words; the secret and the key id are blanked if echoed. */
export function copyFailureText(error: unknown, destination: StoredBackupDestination): string {
  const where = `${endpointOf(destination)}, bucket ${destination.bucket}`;
  let text: string;
  if (error instanceof CopyError) text = error.message;
  else if (isStorageAnswer(error)) {
    const status = error.$metadata.httpStatusCode;
    const known: Record<string, string> = {
      NoSuchBucket: `The bucket ${destination.bucket} does not exist at ${endpointOf(destination)}.`,
      AccessDenied: `The storage refused access (${where}): check the key's permissions on the bucket.`,
      InvalidAccessKeyId: `The storage does not know the access key id (${where}).`,
      SignatureDoesNotMatch: `The storage refused the secret access key (${where}).`,
      PermanentRedirect: `The bucket is in another region than ${destination.region}.`,
      AuthorizationHeaderMalformed: `The storage expects another region than ${destination.region}.`,
    };
    text =
      known[error.name] ?? `The storage answered ${status ?? 'with an error'} (${error.name}) at ${where}.`;
  } else {
    const { code, message } = error as { code?: string; message?: string };
    if (code === 'EEGRESSREFUSED') text = `The storage address is refused (${where}): ${message}.`;
    else if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'ECONNRESET')
      text = `The storage could not be reached (${where}): ${code}.`;
    else if (code === 'ETIMEDOUT' || (error as Error)?.name === 'TimeoutError')
      text = `The storage did not answer in time (${where}).`;
    else text = `The copy failed (${where}): ${message ?? String(error)}`;
  }
  for (const secret of [destination.secretAccessKey, destination.accessKeyId]) {
    if (secret) text = text.split(secret).join('[hidden]');
  }
  return text;
}

/**
 * Encrypts the backup at `file` to the destination's age recipient and uploads it as `<prefix><name>.age`.
 * The file is read, encrypted and sent as a stream, in parts of 5 MiB (multipart above that): the whole
 * backup is never in memory, plain or encrypted. Resolves to the object's `bucket/key` and size.
 */
export async function uploadEncryptedCopy({
  destination,
  rules,
  file,
  onProgress,
  signal,
}: {
  destination: StoredBackupDestination;
  rules: EgressRules;
  file: string;
  onProgress?: ProgressListener;
  signal?: AbortSignal;
}): Promise<{ location: string; sizeBytes: number }> {
  const client = await s3Client(destination, rules);
  const key = copyKey(destination.prefix, path.basename(file));
  try {
    const [{ Encrypter }, { Upload }] = await Promise.all([
      import('age-encryption'),
      import('@aws-sdk/lib-storage'),
    ]);
    const encrypter = new Encrypter();
    encrypter.addRecipient(destination.recipient);
    const { size } = await fs.promises.stat(file);
    const plain = Readable.toWeb(fs.createReadStream(file)) as ReadableStream<Uint8Array>;
    const encrypted = await encrypter.encrypt(plain);
    const sizeBytes = encrypted.size(size);
    const upload = new Upload({
      client,
      params: {
        Bucket: destination.bucket,
        Key: key,
        Body: Readable.fromWeb(encrypted as unknown as NodeReadableStream<Uint8Array>),
        ContentLength: sizeBytes,
        ContentType: 'application/octet-stream',
      },
      partSize: PART_SIZE_BYTES,
      queueSize: 1,
      leavePartsOnError: false,
      ...(signal ? { abortController: abortControllerOf(signal) } : {}),
    });
    if (onProgress) upload.on('httpUploadProgress', ({ loaded }) => onProgress(loaded ?? 0, sizeBytes));
    await upload.done();
    return { location: `${destination.bucket}/${key}`, sizeBytes };
  } finally {
    client.destroy();
  }
}

function abortControllerOf(signal: AbortSignal): AbortController {
  const controller = new AbortController();
  if (signal.aborted) controller.abort();
  else signal.addEventListener('abort', () => controller.abort(), { once: true });
  return controller;
}

/**
 * Remote retention, as local (backup-files.ts pruneBackups): deletes the copies under the prefix whose
 * backup was taken more than `keepDays` days ago (less an hour), never the newest. Only objects named as a
 * Sampark backup's copy (`sampark-<UTC time>.db|.dump.age`) directly under the prefix are considered;
 * anything else in the bucket is left alone. Returns the keys deleted.
 */
export async function pruneRemoteCopies({
  destination,
  rules,
  keepDays,
  now,
}: {
  destination: StoredBackupDestination;
  rules: EgressRules;
  keepDays: number;
  now: number;
}): Promise<string[]> {
  if (keepDays <= 0) return [];
  const client = await s3Client(destination, rules);
  const folder = copyKey(destination.prefix, '').slice(0, -COPY_SUFFIX.length);
  try {
    const { DeleteObjectCommand, ListObjectsV2Command } = await import('@aws-sdk/client-s3');
    const copies: { key: string; parsed: ParsedBackupName }[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({
          Bucket: destination.bucket,
          Prefix: folder,
          ...(token ? { ContinuationToken: token } : {}),
        }),
      );
      for (const object of page.Contents ?? []) {
        const name = object.Key?.slice(folder.length) ?? '';
        if (!object.Key || !name.endsWith(COPY_SUFFIX)) continue;
        const parsed = parseBackupFileName(name.slice(0, -COPY_SUFFIX.length));
        if (parsed) copies.push({ key: object.Key, parsed });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    copies.sort((a, b) => newestBackupFirst(a.parsed, b.parsed));
    const maxAgeMs = keepDays * DAY_MS - RETENTION_SLACK_MS;
    const old = copies.slice(1).filter((copy) => now - copy.parsed.takenAtMs > maxAgeMs);
    // One by one: a daily schedule has one or two to delete, and DeleteObjects' checksum rules differ
    // between providers.
    for (const { key } of old) {
      await client.send(new DeleteObjectCommand({ Bucket: destination.bucket, Key: key }));
    }
    return old.map(({ key }) => key);
  } finally {
    client.destroy();
  }
}

/** How an age file begins (its header's first line). */
const AGE_HEADER = Buffer.from('age-encryption.org/v1\n', 'latin1');

/** Whether the file at `file` is age-encrypted: what an off-machine copy is. */
export function isAgeFile(file: string): boolean {
  const header = Buffer.alloc(AGE_HEADER.length);
  const handle = fs.openSync(file, 'r');
  try {
    fs.readSync(handle, header, 0, header.length, 0);
  } finally {
    fs.closeSync(handle);
  }
  return header.equals(AGE_HEADER);
}

/**
 * Decrypts the age file `file` with the identities of an age identity file (as `age-keygen -o` writes it:
 * `AGE-SECRET-KEY-1…` lines, `#` comments) into `destination`, a stream at a time: the backup is never whole
 * in memory. The file is made readable by its owner only, since it holds every secret of the site.
 */
export async function decryptCopy({
  file,
  identityFile,
  destination,
}: {
  file: string;
  identityFile: string;
  destination: string;
}): Promise<void> {
  const identities = fs
    .readFileSync(identityFile, 'utf8')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  if (identities.length === 0 || identities.some((line) => !line.startsWith('AGE-SECRET-KEY-'))) {
    throw new CopyError(
      `${identityFile} is not an age identity file: it should hold a line beginning with AGE-SECRET-KEY-1 (age-keygen -o writes one).`,
    );
  }
  const { Decrypter } = await import('age-encryption');
  const decrypter = new Decrypter();
  for (const identity of identities) decrypter.addIdentity(identity);
  let plain: NodeReadableStream<Uint8Array>;
  try {
    const encrypted = Readable.toWeb(fs.createReadStream(file)) as ReadableStream<Uint8Array>;
    plain = (await decrypter.decrypt(encrypted)) as unknown as NodeReadableStream<Uint8Array>;
  } catch (error) {
    throw new CopyError(
      `The identity in ${identityFile} does not open ${file}: ${(error as Error).message}.`,
    );
  }
  try {
    await pipeline(Readable.fromWeb(plain), fs.createWriteStream(destination, { mode: 0o600, flags: 'wx' }));
  } catch (error) {
    fs.rmSync(destination, { force: true });
    throw new CopyError(`${file} could not be decrypted: ${(error as Error).message}.`);
  }
}
