import { describe, expect, it } from 'vitest';
import {
  createLoginThrottle,
  LOGIN_FAILURES_PER_ACCOUNT,
  LOGIN_FAILURES_PER_EMAIL_AND_IP,
} from './login-throttle.ts';

describe('login throttle', () => {
  it('blocks an (email, IP) pair after 5 failures but not the same email from elsewhere', async () => {
    const throttle = createLoginThrottle();
    for (let i = 0; i < LOGIN_FAILURES_PER_EMAIL_AND_IP; i++) {
      expect(await throttle.retryAfter('a@example.com', '10.0.0.1')).toBe(0);
      await throttle.recordFailure('a@example.com', '10.0.0.1');
    }
    const wait = await throttle.retryAfter('a@example.com', '10.0.0.1');
    expect(wait).toBeGreaterThan(14 * 60);
    expect(wait).toBeLessThanOrEqual(15 * 60);
    expect(await throttle.retryAfter('a@example.com', '10.0.0.2')).toBe(0);
    expect(await throttle.retryAfter('b@example.com', '10.0.0.1')).toBe(0);
  });

  it('blocks an account after 100 failures an hour spread over many addresses', async () => {
    const throttle = createLoginThrottle();
    for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT; i++) {
      expect(await throttle.retryAfter('owner@example.com', `10.0.${i >> 8}.${i & 255}`)).toBe(0);
      await throttle.recordFailure('owner@example.com', `10.0.${i >> 8}.${i & 255}`);
    }
    const wait = await throttle.retryAfter('owner@example.com', '192.0.2.99');
    expect(wait).toBeGreaterThan(59 * 60);
    expect(wait).toBeLessThanOrEqual(60 * 60);
  });

  it('forgets the failures of a pair after a successful sign-in', async () => {
    const throttle = createLoginThrottle();
    for (let i = 0; i < LOGIN_FAILURES_PER_EMAIL_AND_IP - 1; i++)
      await throttle.recordFailure('a@example.com', '10.0.0.1');
    await throttle.recordSuccess('a@example.com', '10.0.0.1');
    await throttle.recordFailure('a@example.com', '10.0.0.1');
    expect(await throttle.retryAfter('a@example.com', '10.0.0.1')).toBe(0);
  });
});
