import { describe, expect, it } from 'vitest';
import {
  createLoginThrottle,
  LOGIN_FAILURES_PER_ACCOUNT,
  LOGIN_FAILURES_PER_DEVICE,
  LOGIN_FAILURES_PER_EMAIL_AND_IP,
  type LoginAttemptSource,
} from './login-throttle.ts';

const from = (email: string, ip: string, trustedDevice: string | null = null): LoginAttemptSource => ({
  email,
  ip,
  trustedDevice,
});

/** Attempts that failed (every attempt is ended): the next one on the same keys does not wait for them. */
function failing(throttle: ReturnType<typeof createLoginThrottle>) {
  return async (source: LoginAttemptSource) => {
    const attempt = await throttle.begin(source);
    attempt.end();
    return attempt;
  };
}

describe('login throttle', () => {
  it('refuses an (email, IP) pair after 5 failed attempts but not the same email from elsewhere', async () => {
    const throttle = createLoginThrottle();
    const begin = failing(throttle);
    for (let i = 0; i < LOGIN_FAILURES_PER_EMAIL_AND_IP; i++) {
      expect((await begin(from('a@example.com', '10.0.0.1'))).retryAfterSeconds).toBe(0);
    }
    const wait = (await begin(from('a@example.com', '10.0.0.1'))).retryAfterSeconds;
    expect(wait).toBeGreaterThan(14 * 60);
    expect(wait).toBeLessThanOrEqual(15 * 60);
    expect((await begin(from('a@example.com', '10.0.0.2'))).retryAfterSeconds).toBe(0);
    expect((await begin(from('b@example.com', '10.0.0.1'))).retryAfterSeconds).toBe(0);
  });

  it('refuses an account after 100 failed attempts an hour spread over many addresses', async () => {
    const throttle = createLoginThrottle();
    const begin = failing(throttle);
    for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT; i++) {
      const attempt = await begin(from('owner@example.com', `10.0.${i >> 8}.${i & 255}`));
      expect(attempt.retryAfterSeconds).toBe(0);
    }
    const wait = (await begin(from('owner@example.com', '192.0.2.99'))).retryAfterSeconds;
    expect(wait).toBeGreaterThan(59 * 60);
    expect(wait).toBeLessThanOrEqual(60 * 60);
  });

  it('forgets the failures of a pair after a successful sign-in', async () => {
    const throttle = createLoginThrottle();
    const begin = failing(throttle);
    for (let i = 0; i < LOGIN_FAILURES_PER_EMAIL_AND_IP - 1; i++)
      await begin(from('a@example.com', '10.0.0.1'));
    await (await begin(from('a@example.com', '10.0.0.1'))).succeeded();
    for (let i = 0; i < LOGIN_FAILURES_PER_EMAIL_AND_IP; i++) {
      expect((await begin(from('a@example.com', '10.0.0.1'))).retryAfterSeconds).toBe(0);
    }
  });

  it('gives back a successful attempt to the account without forgetting the failures of others', async () => {
    const throttle = createLoginThrottle();
    const begin = failing(throttle);
    for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT - 1; i++)
      await begin(from('owner@example.com', `10.2.0.${i}`));
    await (await begin(from('owner@example.com', '192.0.2.7'))).succeeded();
    expect((await begin(from('owner@example.com', '192.0.2.8'))).retryAfterSeconds).toBe(0);
    expect((await begin(from('owner@example.com', '192.0.2.9'))).retryAfterSeconds).toBeGreaterThan(0);
  });

  it('lets a trusted device through a locked account, within a small limit of its own', async () => {
    const throttle = createLoginThrottle();
    const begin = failing(throttle);
    for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT; i++)
      await begin(from('owner@example.com', `10.3.0.${i}`));
    expect((await begin(from('owner@example.com', '192.0.2.1'))).retryAfterSeconds).toBeGreaterThan(0);

    for (let i = 0; i < LOGIN_FAILURES_PER_DEVICE; i++) {
      const attempt = await begin(from('owner@example.com', '192.0.2.1', 'device-nonce'));
      expect(attempt.retryAfterSeconds).toBe(0);
    }
    const wait = (await begin(from('owner@example.com', '192.0.2.1', 'device-nonce'))).retryAfterSeconds;
    expect(wait).toBeGreaterThan(14 * 60);
    expect((await begin(from('owner@example.com', '192.0.2.1', 'other-nonce'))).retryAfterSeconds).toBe(0);
  });
});
