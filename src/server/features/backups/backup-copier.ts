import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Executor } from '../../db/repository-support.ts';
import type { DB } from '../../db/schema.ts';
import type { EgressRules } from '../../egress/egress.ts';
import type { OutboxPort } from '../../outbox/outbox.ts';
import type { BackupCopyRepository } from './backup-copy-repository.ts';
import { parseBackupFileName } from './backup-files.ts';
import { CopyError, copyFailureText, pruneRemoteCopies, uploadEncryptedCopy } from './s3-copies.ts';

/** The outbox as the copies write to it: entries of their kind, in their own lane (decision 056). */
export type BackupCopyOutbox = Pick<OutboxPort<'backup-copy', BackupCopyPayload>, 'enqueue' | 'nudge'>;

/** An outbox entry of kind `backup-copy`, as its handler sees it. */
interface BackupCopyEntry {
  payload: unknown;
  /** Attempts so far, this one included. */
  attempts: number;
}

/** The outbox handler of the copies (the outbox's OutboxHandler). */
export interface BackupCopyHandler {
  network: true;
  leaseMs: number;
  run(entry: BackupCopyEntry, executor: Executor): Promise<void>;
  failed(entry: BackupCopyEntry, error: unknown, executor: Executor, givenUp: boolean): Promise<void>;
}

interface BackupCopyPayload {
  copyId: string;
  fileName: string;
}

/**
 * PostgreSQL: an upload may take long; its entry stays this instance's for this long (decision 050's lease),
 * so no other instance starts the same upload meanwhile.
 */
const COPY_LEASE_MS = 6 * 60 * 60_000;

function isCopyPayload(value: unknown): value is BackupCopyPayload {
  const payload = value as Partial<BackupCopyPayload> | null;
  return typeof payload?.copyId === 'string' && typeof payload.fileName === 'string';
}

/**
 * Copies each backup off the machine (decision 056): `queue` writes a copy and its outbox entry in one
 * transaction; the outbox's worker runs `handler` in the lane `backup-copy`, retrying with its backoff until
 * a day has passed; each attempt's outcome is recorded for Settings, and the administrators are emailed when
 * one is given up. After each copy, copies older than BACKUP_KEEP_DAYS are deleted from the bucket.
 */
export function createBackupCopier({
  db,
  copies,
  directory,
  rules,
  keepDays,
  lane,
  outbox,
  permanentFailure,
  onGivenUp,
  clock = Date.now,
  log,
}: {
  db: Kysely<DB>;
  copies: BackupCopyRepository;
  /** The backups directory: copies are of files in it. */
  directory: string;
  rules: EgressRules;
  keepDays: number;
  lane: string;
  outbox: BackupCopyOutbox;
  /** The outbox's error for a failure that trying again cannot mend. */
  permanentFailure: (message: string) => Error;
  /** Told, in the transaction that gives the copy up, so it can email the administrators. */
  onGivenUp: (executor: Executor, failure: { fileName: string; message: string }) => Promise<void>;
  clock?: () => number;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}) {
  /** Queues a copy of the backup `fileName` (in the backups directory); false when copies are off. */
  const queue = async (fileName: string): Promise<boolean> => {
    const queued = await db.transaction().execute(async (trx) => {
      if (!(await copies.destination(trx))) return false;
      const copyId = await copies.createCopy(trx, fileName);
      await outbox.enqueue(trx, 'backup-copy', { copyId, fileName }, { lane });
      return true;
    });
    if (queued) outbox.nudge();
    return queued;
  };

  const handler: BackupCopyHandler = {
    network: true,
    leaseMs: COPY_LEASE_MS,
    async run(entry) {
      if (!isCopyPayload(entry.payload)) throw permanentFailure('Not a backup copy');
      const { copyId, fileName } = entry.payload;
      const destination = await copies.destination();
      if (!destination)
        throw permanentFailure('Off-machine copies were turned off before this one was made.');
      // The name is the server's own, but checked: nothing outside the backups directory is ever sent.
      if (!parseBackupFileName(fileName)) throw permanentFailure('Not a backup file name');
      const file = path.join(directory, fileName);
      if (!fs.existsSync(file)) {
        throw permanentFailure(`The backup ${fileName} is no longer on the server (deleted by retention?).`);
      }
      let uploaded: { location: string; sizeBytes: number };
      try {
        uploaded = await uploadEncryptedCopy({ destination, rules, file });
      } catch (error) {
        // Only our own words go on: the storage's error objects carry request details, never to be logged.
        throw new CopyError(copyFailureText(error, destination));
      }
      await copies.copyDone(copyId, entry.attempts, uploaded.location, uploaded.sizeBytes);
      try {
        const deleted = await pruneRemoteCopies({ destination, rules, keepDays, now: clock() });
        log.info(
          { location: uploaded.location, sizeBytes: uploaded.sizeBytes, deleted },
          'backup copied off the machine',
        );
      } catch (error) {
        // The copy is there; the old ones are deleted after the next.
        log.warn({ reason: copyFailureText(error, destination) }, 'old backup copies could not be deleted');
      }
    },
    async failed(entry, error, executor, givenUp) {
      if (!isCopyPayload(entry.payload)) return;
      const message = error instanceof Error ? error.message : String(error);
      await copies.copyFailed(executor, entry.payload.copyId, entry.attempts, message, givenUp);
      if (givenUp) await onGivenUp(executor, { fileName: entry.payload.fileName, message });
    },
  };

  return { queue, handler };
}

export type BackupCopier = ReturnType<typeof createBackupCopier>;
