import type { Kysely } from 'kysely';

/**
 * Where an outbox entry is sent, as a lane (decision 050): `webhook:<endpoint id>`, `push:<push service
 * host>`, `email`. Each lane has its own sends in flight and its own pause, so a receiver that never answers
 * holds up only its own entries. Null for an entry that sends nothing (a fan-out); a send written before this
 * migration has none either, and is put in the lane named by its kind.
 */
export async function outboxLanes(db: Kysely<unknown>) {
  await db.schema.alterTable('notification_outbox').addColumn('lane', 'text').execute();
}
