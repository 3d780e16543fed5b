import type { Redis } from 'ioredis';
import { consumePoint, createLimiter, secondsBlocked } from '../../plugins/rate-limits.ts';

export const LOGIN_FAILURES_PER_EMAIL_AND_IP = 5;
export const LOGIN_FAILURES_WINDOW_SECONDS = 15 * 60;
export const LOGIN_FAILURES_PER_ACCOUNT = 100;
export const LOGIN_ACCOUNT_WINDOW_SECONDS = 60 * 60;

/**
 * Counts failed sign-ins, not requests: 5 per 15 minutes per (email, IP) stops guessing from one place,
 * 100 per hour per account stops a slow spread-out attack without locking the owner out for long.
 */
export function createLoginThrottle(redis?: Redis) {
  const perEmailAndIp = createLimiter(
    {
      keyPrefix: 'login-ip',
      points: LOGIN_FAILURES_PER_EMAIL_AND_IP,
      durationSeconds: LOGIN_FAILURES_WINDOW_SECONDS,
    },
    redis,
  );
  const perAccount = createLimiter(
    {
      keyPrefix: 'login-account',
      points: LOGIN_FAILURES_PER_ACCOUNT,
      durationSeconds: LOGIN_ACCOUNT_WINDOW_SECONDS,
    },
    redis,
  );
  const ipKey = (email: string, ip: string) => `${email}|${ip}`;

  return {
    /** Seconds the caller must wait before trying again, or 0. */
    async retryAfter(email: string, ip: string): Promise<number> {
      const [byIp, byAccount] = await Promise.all([
        secondsBlocked(perEmailAndIp, ipKey(email, ip)),
        secondsBlocked(perAccount, email),
      ]);
      return Math.max(byIp, byAccount);
    },

    async recordFailure(email: string, ip: string): Promise<void> {
      await Promise.all([consumePoint(perEmailAndIp, ipKey(email, ip)), consumePoint(perAccount, email)]);
    },

    async recordSuccess(email: string, ip: string): Promise<void> {
      await perEmailAndIp.delete(ipKey(email, ip));
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
