import { randomBytes } from 'node:crypto';

/**
 * Where the keys are kept: rows of the site settings, which the site-settings feature owns and passes in
 * through app.ts (a building block reads no feature's table).
 */
export interface ServerKeyStore {
  /** Stores `key` under `id` unless a key is stored there already, and returns the one stored. */
  keep(id: string, key: string): Promise<string>;
}

/**
 * A random key kept in the database (a row of site_settings named `rowId`), so that every instance signs
 * and checks with the same one and it survives restarts. The first instance that needs it creates it; a
 * concurrent first start keeps whichever row won. Loaded once per process; a failed load is tried again.
 */
export function serverSecret(
  keys: ServerKeyStore,
  rowId: string,
  /** Makes a new key as the text stored (e.g. a key pair as JSON); 32 random bytes unless given. */
  generate: () => string = () => randomBytes(32).toString('base64url'),
) {
  const load = async (): Promise<string> => keys.keep(rowId, generate());
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
