import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { nowIso } from '../db/values.ts';

/**
 * A random key kept in the database (a row of site_settings named `rowId`), so that every instance signs
 * and checks with the same one and it survives restarts. The first instance that needs it creates it; a
 * concurrent first start keeps whichever row won. Loaded once per process; a failed load is tried again.
 */
export function serverSecret(
  db: Kysely<DB>,
  rowId: string,
  clock: () => number = Date.now,
  /** Makes a new key as the text stored (e.g. a key pair as JSON); 32 random bytes unless given. */
  generate: () => string = () => randomBytes(32).toString('base64url'),
) {
  const load = async (): Promise<string> => {
    await db
      .insertInto('siteSettings')
      .values({ id: rowId, settings: generate(), updatedAt: nowIso(clock) })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute();
    const row = await db
      .selectFrom('siteSettings')
      .select('settings')
      .where('id', '=', rowId)
      .executeTakeFirstOrThrow();
    return row.settings;
  };
  let secret: Promise<string> | undefined;
  return (): Promise<string> => {
    if (!secret) {
      const loading = load();
      secret = loading;
      loading.catch(() => {
        if (secret === loading) secret = undefined;
      });
    }
    return secret;
  };
}
