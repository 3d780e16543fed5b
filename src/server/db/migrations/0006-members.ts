import { type Kysely, sql } from 'kysely';
import { createIndex, type MigrationContext } from './migration-context.ts';

/** Member accounts and their audit log (decision 011). */
export async function members(db: Kysely<unknown>, { timestamp }: MigrationContext) {
  // A deleted member stays for a while as a tombstone (mobile and dates only, decision 011): the
  // mobile is unique among members that are not deleted, so it can be registered again at once.
  await db.schema
    .createTable('members')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('mobile', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('display_name', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .addColumn('deleted_at', timestamp)
    .execute();
  await db.schema
    .createIndex('members_mobile_not_deleted')
    .on('members')
    .column('mobile')
    .unique()
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
  // The admin's list: members not deleted, newest first (the status filter reads the same walk).
  await db.schema
    .createIndex('members_not_deleted_created_at')
    .on('members')
    .columns(['created_at', 'id'])
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
  // The daily purge finds tombstones past their retention.
  await db.schema
    .createIndex('members_deleted_at')
    .on('members')
    .column('deleted_at')
    .where(sql.ref('deleted_at'), 'is not', null)
    .execute();

  // Who did what to a member, and when. The admin's email is copied so the entry still reads the
  // same if the admin account changes; null admin means the member acted (self-deletion).
  await db.schema
    .createTable('member_audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('member_id', 'text', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('admin_id', 'text')
    .addColumn('admin_email', 'text')
    .addColumn('changes', 'text')
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await createIndex(db, 'member_audit_log_member_created_at', 'member_audit_log', [
    'member_id',
    'created_at',
  ]);
}
