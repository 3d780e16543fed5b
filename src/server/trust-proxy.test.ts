import { describe, expect, it } from 'vitest';
import { LOGIN_FAILURES_PER_EMAIL_AND_IP } from './features/admin-auth/login-throttle.ts';
import { createAdmin, loginRequest, TEST_ADMIN, withTestApp } from './test-support/test-app.ts';

/**
 * TRUST_PROXY as the compose examples set it (`uniquelocal`, the private ranges: compose picks the network's
 * addresses): a request from a private address is a proxy's, whose X-Forwarded-For names the client; one from
 * a public address is the client's own, whatever it claims. Seen through the sign-in limit per address.
 */
describe('TRUST_PROXY=uniquelocal', () => {
  const wrong = (remoteAddress: string, client: string) =>
    loginRequest(
      { email: TEST_ADMIN.email, password: 'not the password' },
      { remoteAddress, headers: { 'x-forwarded-for': client } },
    );

  it('counts each client behind a proxy on a private network apart, and a public sender as itself', async () => {
    await withTestApp('sqlite', { TRUST_PROXY: 'uniquelocal' }, async (t) => {
      await createAdmin(t.database);
      const statuses = async (remoteAddress: string, clients: string[]) => {
        const answers: number[] = [];
        for (const client of clients)
          answers.push((await t.app.inject(wrong(remoteAddress, client))).statusCode);
        return answers;
      };
      const guesses = Array.from({ length: LOGIN_FAILURES_PER_EMAIL_AND_IP }, () => '203.0.113.7');
      // Through the proxy: the first visitor runs out of tries; another visitor behind it still has all of hers.
      expect(await statuses('10.89.0.5', [...guesses, '203.0.113.7'])).toEqual([
        ...guesses.map(() => 401),
        429,
      ]);
      expect(await statuses('10.89.0.5', ['203.0.113.8'])).toEqual([401]);
      // From a public address, a new X-Forwarded-For each time changes nothing: it is one sender.
      const spoofed = guesses.map((_, i) => `198.51.100.${i + 10}`);
      expect(await statuses('192.0.2.44', [...spoofed, '198.51.100.99'])).toEqual([
        ...spoofed.map(() => 401),
        429,
      ]);
    });
  });
});
