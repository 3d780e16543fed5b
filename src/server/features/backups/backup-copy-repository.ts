import type { Selectable } from 'kysely';
import type { BackupCopy, BackupDestination } from '../../../shared/contracts/backup-copies.ts';
import type { Executor } from '../../db/repository-support.ts';
import type { DB } from '../../db/schema.ts';
import { fromFlag, newId, nowIso, toFlag, toIso } from '../../db/values.ts';

const DESTINATION_ID = 'default';

/**
 * The destination as the copier needs it, secret included: never handed to a route's answer. Its row as
 * `destination` reads it: without the id, the flag a boolean and the time ISO 8601.
 */
export type StoredBackupDestination = Omit<
  Selectable<DB['backupDestinations']>,
  'id' | 'forcePathStyle' | 'updatedAt'
> & {
  forcePathStyle: boolean;
  updatedAt: string;
};

/** A destination to save; without `secretAccessKey`, the saved one is kept. */
export type BackupDestinationChange = Omit<StoredBackupDestination, 'secretAccessKey' | 'updatedAt'> & {
  secretAccessKey?: string;
};

/** What the API may show of a destination: everything but the secret, which is only said to be set. */
export function shownDestination({
  secretAccessKey: _,
  ...destination
}: StoredBackupDestination): BackupDestination {
  return { ...destination, secretAccessKeySet: true };
}

function toCopy(row: Selectable<DB['backupCopies']>): BackupCopy & { id: string } {
  return {
    id: row.id,
    fileName: row.fileName,
    status: row.status as BackupCopy['status'],
    attempts: row.attempts,
    lastError: row.lastError,
    location: row.objectKey,
    createdAt: toIso(row.createdAt),
    updatedAt: toIso(row.updatedAt),
    finishedAt: row.finishedAt === null ? null : toIso(row.finishedAt),
  };
}

/** The backups feature's two tables of decision 056: where copies go, and each copy's state. */
export function createBackupCopyRepository(db: Executor, clock: () => number = Date.now) {
  return {
    async destination(executor: Executor = db): Promise<StoredBackupDestination | null> {
      const row = await executor
        .selectFrom('backupDestinations')
        .selectAll()
        .where('id', '=', DESTINATION_ID)
        .executeTakeFirst();
      if (!row) return null;
      const { id: _, forcePathStyle, updatedAt, ...rest } = row;
      return { ...rest, forcePathStyle: fromFlag(forcePathStyle), updatedAt: toIso(updatedAt) };
    },

    /**
     * Saves the destination; resolves to false, saving nothing, when there is none yet and no secret is given
     * (the secret is kept from the saved one otherwise).
     */
    async saveDestination(change: BackupDestinationChange): Promise<boolean> {
      const { secretAccessKey, forcePathStyle, ...fields } = change;
      const values = { ...fields, forcePathStyle: toFlag(forcePathStyle), updatedAt: nowIso(clock) };
      if (secretAccessKey) {
        await db
          .insertInto('backupDestinations')
          .values({ id: DESTINATION_ID, ...values, secretAccessKey })
          .onConflict((conflict) => conflict.column('id').doUpdateSet({ ...values, secretAccessKey }))
          .execute();
        return true;
      }
      const updated = await db
        .updateTable('backupDestinations')
        .set(values)
        .where('id', '=', DESTINATION_ID)
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) === 1;
    },

    async removeDestination(): Promise<boolean> {
      const deleted = await db
        .deleteFrom('backupDestinations')
        .where('id', '=', DESTINATION_ID)
        .executeTakeFirst();
      return Number(deleted.numDeletedRows) === 1;
    },

    /** A copy waiting to be made, written with `executor` (the transaction that writes its outbox entry). */
    async createCopy(executor: Executor, fileName: string): Promise<string> {
      const id = newId();
      const now = nowIso(clock);
      await executor
        .insertInto('backupCopies')
        .values({ id, fileName, status: 'pending', createdAt: now, updatedAt: now })
        .execute();
      return id;
    },

    async copyDone(id: string, attempts: number, location: string, sizeBytes: number): Promise<void> {
      const now = nowIso(clock);
      await db
        .updateTable('backupCopies')
        .set({
          status: 'done',
          attempts,
          lastError: null,
          objectKey: location,
          sizeBytes,
          updatedAt: now,
          finishedAt: now,
        })
        .where('id', '=', id)
        .execute();
    },

    /** A failed attempt; `givenUp` when it will not be tried again. */
    async copyFailed(executor: Executor, id: string, attempts: number, message: string, givenUp: boolean) {
      const now = nowIso(clock);
      await executor
        .updateTable('backupCopies')
        .set({
          attempts,
          lastError: message,
          updatedAt: now,
          ...(givenUp ? { status: 'failed', finishedAt: now } : {}),
        })
        .where('id', '=', id)
        .execute();
    },

    /** The newest copy, whatever its state: what Settings shows. */
    async latestCopy(): Promise<BackupCopy | null> {
      const row = await db
        .selectFrom('backupCopies')
        .selectAll()
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (!row) return null;
      const { id: _, ...copy } = toCopy(row);
      return copy;
    },
  };
}

export type BackupCopyRepository = ReturnType<typeof createBackupCopyRepository>;
