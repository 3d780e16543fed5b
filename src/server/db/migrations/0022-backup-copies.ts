import type { Kysely } from 'kysely';
import { createIndex, type MigrationContext } from './migration-context.ts';

/**
 * Backups copied off the machine, encrypted (decision 056): where they go (one destination, in S3-compatible
 * storage) and each copy's state, which Settings shows.
 */
export async function backupCopies(db: Kysely<unknown>, { timestamp }: MigrationContext) {
  // One row (id `default`) while copies are on. The secret access key is never sent back by the API.
  await db.schema
    .createTable('backup_destinations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // Empty for AWS S3 itself.
    .addColumn('endpoint', 'text', (c) => c.notNull())
    .addColumn('region', 'text', (c) => c.notNull())
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('access_key_id', 'text', (c) => c.notNull())
    .addColumn('secret_access_key', 'text', (c) => c.notNull())
    // 0/1: bucket in the path (MinIO, most self-hosted storage) rather than in the host name.
    .addColumn('force_path_style', 'integer', (c) => c.notNull())
    // The owner's age public key (age1…): copies are encrypted to it, and only its identity decrypts them.
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();

  // One backup's copy; the outbox entry `backup-copy` points at it and tries again until it is done.
  await db.schema
    .createTable('backup_copies')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('file_name', 'text', (c) => c.notNull())
    // `pending` (waiting, or failed and to be tried again), `done` or `failed` (given up).
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    // Where it went: the bucket and key, once done.
    .addColumn('object_key', 'text')
    .addColumn('size_bytes', 'integer')
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .addColumn('finished_at', timestamp)
    .execute();
  await createIndex(db, 'backup_copies_created_at', 'backup_copies', ['created_at']);
}
