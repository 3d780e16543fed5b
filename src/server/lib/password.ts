import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's minimum (m=19 MiB, t=2, p=1); @node-rs/argon2 defaults to argon2id.
const ARGON2_OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/**
 * Marks a stored hash that no password matches (Django's "unusable password"): an account created with an
 * invitation has one until the person sets theirs. Argon2 hashes start with `$`, so none starts with this.
 */
const UNUSABLE_PASSWORD_PREFIX = '!';

/** A stored value no password matches; random, so two accounts never share it. */
export function unusablePasswordHash(): string {
  return `${UNUSABLE_PASSWORD_PREFIX}${randomBytes(16).toString('hex')}`;
}

export function isUsablePasswordHash(passwordHash: string): boolean {
  return !passwordHash.startsWith(UNUSABLE_PASSWORD_PREFIX);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  // Checked against the decoy all the same, so timing does not tell an invited account from a real one.
  if (!isUsablePasswordHash(passwordHash)) {
    await verifyPassword(await decoyPasswordHash(), password);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash of a random password: verifying against it costs the same time as a real check. */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return decoyHash;
}

/** A readable random password: 16 characters from an alphabet without look-alikes. */
export function generatePassword(length = 16): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(length * 2);
  let password = '';
  for (let i = 0; password.length < length && i < bytes.length; i++) {
    const byte = bytes[i]!;
    // Reject bytes that would bias the choice towards the start of the alphabet.
    if (byte < 256 - (256 % alphabet.length)) password += alphabet[byte % alphabet.length];
  }
  return password.length === length ? password : generatePassword(length);
}
