import type { Kysely } from 'kysely';
import { createIndex, type MigrationContext } from './migration-context.ts';

/**
 * A team in the back office (issue 18): each user's name, role and state, invitations, a second factor,
 * notes, assignment and history on inquiries, and the audit log.
 */
export async function team(db: Kysely<unknown>, { timestamp }: MigrationContext) {
  await db.schema
    .alterTable('admins')
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  // `administrator`, `agent` or `editor`: the accounts that exist today are administrators.
  await db.schema
    .alterTable('admins')
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('administrator'))
    .execute();
  // Set while the account is disabled: no sign-in, no session.
  await db.schema.alterTable('admins').addColumn('disabled_at', timestamp).execute();
  // The TOTP secret (base32), kept from enrolment; the factor is on once `totp_enabled_at` is set.
  await db.schema.alterTable('admins').addColumn('totp_secret', 'text').execute();
  await db.schema.alterTable('admins').addColumn('totp_enabled_at', timestamp).execute();
  // JSON array of the unused recovery codes' hashes.
  await db.schema.alterTable('admins').addColumn('totp_recovery_codes', 'text').execute();

  // A one-time link for a new user to set their own password; the database keeps the token's SHA-256.
  await db.schema
    .createTable('admin_invitations')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('admin_id', 'text', (c) => c.notNull().references('admins.id').onDelete('cascade'))
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await createIndex(db, 'admin_invitations_admin_id', 'admin_invitations', ['admin_id']);

  // Who an inquiry is assigned to; unassigned when that user is deleted.
  await db.schema
    .alterTable('contact_inquiries')
    .addColumn('assigned_to', 'text', (c) => c.references('admins.id').onDelete('set null'))
    .execute();
  await createIndex(db, 'contact_inquiries_assigned_to', 'contact_inquiries', ['assigned_to', 'seq']);

  // Private notes on an inquiry; the author's name is copied so a note outlives its author's account.
  await db.schema
    .createTable('inquiry_notes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('inquiry_id', 'text', (c) =>
      c.notNull().references('contact_inquiries.id').onDelete('cascade'),
    )
    .addColumn('author_id', 'text', (c) => c.references('admins.id').onDelete('set null'))
    .addColumn('author_name', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();
  await createIndex(db, 'inquiry_notes_inquiry_id', 'inquiry_notes', ['inquiry_id', 'created_at']);

  // An inquiry's history: status changes, assignment, notes, reply links opened — who and when.
  await db.schema
    .createTable('inquiry_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('inquiry_id', 'text', (c) =>
      c.notNull().references('contact_inquiries.id').onDelete('cascade'),
    )
    .addColumn('actor_id', 'text', (c) => c.references('admins.id').onDelete('set null'))
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    // JSON; its shape depends on `kind`.
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await createIndex(db, 'inquiry_events_inquiry_id', 'inquiry_events', ['inquiry_id', 'created_at']);

  // The back office's audit log: who did what, when, from which address. The actor's email is copied so
  // an entry outlives the account.
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('at', timestamp, (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('actor_email', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text')
    .addColumn('target_id', 'text')
    // JSON with what else tells the change apart (never a password, a secret or a code).
    .addColumn('detail', 'text')
    .addColumn('ip', 'text')
    .execute();
  await createIndex(db, 'audit_log_at', 'audit_log', ['at']);
  await createIndex(db, 'audit_log_actor_id', 'audit_log', ['actor_id', 'at']);
  await createIndex(db, 'audit_log_action', 'audit_log', ['action', 'at']);
}
