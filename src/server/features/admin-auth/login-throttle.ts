import type { Redis } from 'ioredis';
import { HttpError } from '../../lib/http-errors.ts';
import {
  type Attempt,
  type AttemptOptions,
  beginAttempt,
  createLimiters,
  waitPhrase,
} from '../../lib/rate-limits.ts';

export const LOGIN_FAILURES_PER_EMAIL_AND_IP = 5;
const LOGIN_FAILURES_WINDOW_SECONDS = 15 * 60;
export const LOGIN_FAILURES_PER_ACCOUNT = 100;
const LOGIN_ACCOUNT_WINDOW_SECONDS = 60 * 60;
export const LOGIN_FAILURES_PER_DEVICE = 5;

/**
 * Past the limit, an attempt waits for those still being checked on its keys (beginAttempt): parallel sign-ins
 * with the right password from one place are not refused as failures. Every attempt is `end()`ed.
 */
const ONE_AT_A_TIME: AttemptOptions = { waitForUndecided: true };

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
        return beginAttempt([{ limiter: perDevice, key: trustedDevice, onSuccess: 'forget' }], ONE_AT_A_TIME);
      }
      return beginAttempt(
        [
          { limiter: perEmailAndIp, key: `${email}|${ip}`, onSuccess: 'forget' },
          { limiter: perAccount, key: email, onSuccess: 'refund' },
        ],
        ONE_AT_A_TIME,
      );
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

export const TWO_FACTOR_FAILURES_PER_ACCOUNT_AND_IP = 5;
const TWO_FACTOR_FAILURES_WINDOW_SECONDS = 15 * 60;
export const TWO_FACTOR_FAILURES_PER_ACCOUNT = 20;
const TWO_FACTOR_ACCOUNT_WINDOW_SECONDS = 60 * 60;
const TWO_FACTOR_FAILURES_PER_DEVICE = 5;

export interface TwoFactorAttemptSource {
  adminId: string;
  ip: string;
  /** As for the password: this browser signed in to the account before (device cookie), or null. */
  trustedDevice: string | null;
}

/**
 * Counts wrong second-factor codes as the password's are counted, before each is checked: 5 per 15 minutes
 * per (account, IP). Only someone who knows the password gets this far, so the per-account limit is far
 * tighter than the password's (20 an hour, about 480 of a million codes a day); a browser that signed in
 * before has its own 5 per 15 minutes instead, as for the password.
 */
export function createTwoFactorThrottle(redis?: Redis) {
  const { perAccountAndIp, perAccount, perDevice } = createLimiters(
    {
      perAccountAndIp: {
        keyPrefix: 'two-factor-ip',
        points: TWO_FACTOR_FAILURES_PER_ACCOUNT_AND_IP,
        durationSeconds: TWO_FACTOR_FAILURES_WINDOW_SECONDS,
      },
      perAccount: {
        keyPrefix: 'two-factor-account',
        points: TWO_FACTOR_FAILURES_PER_ACCOUNT,
        durationSeconds: TWO_FACTOR_ACCOUNT_WINDOW_SECONDS,
      },
      perDevice: {
        keyPrefix: 'two-factor-device',
        points: TWO_FACTOR_FAILURES_PER_DEVICE,
        durationSeconds: TWO_FACTOR_FAILURES_WINDOW_SECONDS,
      },
    },
    redis,
  );

  return {
    /** Counts a code before it is checked (see beginAttempt). */
    begin({ adminId, ip, trustedDevice }: TwoFactorAttemptSource): Promise<Attempt> {
      if (trustedDevice) {
        return beginAttempt(
          [{ limiter: perDevice, key: `${adminId}|${trustedDevice}`, onSuccess: 'forget' }],
          ONE_AT_A_TIME,
        );
      }
      return beginAttempt(
        [
          { limiter: perAccountAndIp, key: `${adminId}|${ip}`, onSuccess: 'forget' },
          { limiter: perAccount, key: adminId, onSuccess: 'refund' },
        ],
        ONE_AT_A_TIME,
      );
    },
  };
}

export type TwoFactorThrottle = ReturnType<typeof createTwoFactorThrottle>;

/** The answer to a code sent while its throttle is exhausted. */
export function tooManyWrongCodes(retryAfterSeconds: number): HttpError {
  return new HttpError(429, `Too many wrong codes. Please try again ${waitPhrase(retryAfterSeconds)}.`, {
    headers: { 'retry-after': String(retryAfterSeconds) },
  });
}
