import { describe, expect, it } from 'vitest';
import { hashPassword, unusablePasswordHash, verifyPassword } from './password.ts';

describe('stored passwords', () => {
  it('are argon2id at OWASP’s minimum cost (19 MiB, two passes), and check only the right password', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(stored, 'correct horse batter')).toBe(false);
  });

  it('match no password when unusable, as an invited account’s does', async () => {
    expect(await verifyPassword(unusablePasswordHash(), '')).toBe(false);
    expect(await verifyPassword(unusablePasswordHash(), 'correct horse battery')).toBe(false);
  });
});
