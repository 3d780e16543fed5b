import type { Redis } from 'ioredis';
import { type Attempt, beginAttempt, createLimiters } from '../../plugins/rate-limits.ts';

export const LOGIN_FAILURES_PER_EMAIL_AND_IP = 5;
const LOGIN_FAILURES_WINDOW_SECONDS = 15 * 60;
export const LOGIN_FAILURES_PER_ACCOUNT = 100;
const LOGIN_ACCOUNT_WINDOW_SECONDS = 60 * 60;
export const LOGIN_FAILURES_PER_DEVICE = 5;

export interface LoginAttemptSource {
  email: string;
  ip: string;
  /** The nonce of this browser's device cookie when it is valid for `email`: a browser that signed in before. */
  trustedDevice: string | null;
}

/**
 * Counts failed sign-ins: 5 per 15 minutes per (email, IP) stops guessing from one place, 100 per hour per
 * account stops a slow spread-out attack. Neither applies to a browser that signed in to the account
 * before (OWASP's device cookies): it has its own 5 per 15 minutes, so an attacker who locks the account
 * out everywhere else does not lock out its owner.
 */
export function createLoginThrottle(redis?: Redis) {
  const { perEmailAndIp, perAccount, perDevice } = createLimiters(
    {
      perEmailAndIp: {
        keyPrefix: 'login-ip',
        points: LOGIN_FAILURES_PER_EMAIL_AND_IP,
        durationSeconds: LOGIN_FAILURES_WINDOW_SECONDS,
      },
      perAccount: {
        keyPrefix: 'login-account',
        points: LOGIN_FAILURES_PER_ACCOUNT,
        durationSeconds: LOGIN_ACCOUNT_WINDOW_SECONDS,
      },
      perDevice: {
        keyPrefix: 'login-device',
        points: LOGIN_FAILURES_PER_DEVICE,
        durationSeconds: LOGIN_FAILURES_WINDOW_SECONDS,
      },
    },
    redis,
  );

  return {
    /** Counts a sign-in attempt before its password is checked (see beginAttempt). */
    begin({ email, ip, trustedDevice }: LoginAttemptSource): Promise<Attempt> {
      if (trustedDevice) {
        return beginAttempt([{ limiter: perDevice, key: trustedDevice, onSuccess: 'forget' }]);
      }
      return beginAttempt([
        { limiter: perEmailAndIp, key: `${email}|${ip}`, onSuccess: 'forget' },
        { limiter: perAccount, key: email, onSuccess: 'refund' },
      ]);
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
