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

/** How many failures a throttle lets through: per (account, IP) and per trusted browser, and per account. */
interface FailureLimits {
  /** Names its counters: `<name>-ip`, `<name>-account` and `<name>-device`. */
  name: string;
  perAccountAndIp: number;
  perDevice: number;
  /** The window of the per-(account, IP) and per-browser counts. */
  windowSeconds: number;
  perAccount: number;
  accountWindowSeconds: number;
}

/**
 * Counts failures before each attempt is checked: per (account, IP), which stops guessing from one place,
 * and per account, which stops a slow spread-out attack. Neither applies to a browser that signed in to the
 * account before (OWASP's device cookies): it has its own count instead, so an attacker who locks the account
 * out everywhere else does not lock out its owner. A success forgets the failures of its place or browser
 * and refunds the account's.
 */
function createFailureThrottle(limits: FailureLimits, redis: Redis | undefined) {
  const { perAccountAndIp, perAccount, perDevice } = createLimiters(
    {
      perAccountAndIp: {
        keyPrefix: `${limits.name}-ip`,
        points: limits.perAccountAndIp,
        durationSeconds: limits.windowSeconds,
      },
      perAccount: {
        keyPrefix: `${limits.name}-account`,
        points: limits.perAccount,
        durationSeconds: limits.accountWindowSeconds,
      },
      perDevice: {
        keyPrefix: `${limits.name}-device`,
        points: limits.perDevice,
        durationSeconds: limits.windowSeconds,
      },
    },
    redis,
  );
  /** `deviceKey`: the trusted browser's counter, or null when this browser is not trusted for `account`. */
  return (account: string, ip: string, deviceKey: string | null): Promise<Attempt> => {
    if (deviceKey) {
      return beginAttempt([{ limiter: perDevice, key: deviceKey, onSuccess: 'forget' }], ONE_AT_A_TIME);
    }
    return beginAttempt(
      [
        { limiter: perAccountAndIp, key: `${account}|${ip}`, onSuccess: 'forget' },
        { limiter: perAccount, key: account, onSuccess: 'refund' },
      ],
      ONE_AT_A_TIME,
    );
  };
}

export interface LoginAttemptSource {
  email: string;
  ip: string;
  /** The nonce of this browser's device cookie when it is valid for `email`: a browser that signed in before. */
  trustedDevice: string | null;
}

/**
 * Counts failed sign-ins (createFailureThrottle): 5 per 15 minutes per (email, IP), 100 per hour per
 * account, and 5 per 15 minutes for a browser that signed in to the account before.
 */
export function createLoginThrottle(redis?: Redis) {
  const begin = createFailureThrottle(
    {
      name: 'login',
      perAccountAndIp: LOGIN_FAILURES_PER_EMAIL_AND_IP,
      perDevice: LOGIN_FAILURES_PER_DEVICE,
      windowSeconds: LOGIN_FAILURES_WINDOW_SECONDS,
      perAccount: LOGIN_FAILURES_PER_ACCOUNT,
      accountWindowSeconds: LOGIN_ACCOUNT_WINDOW_SECONDS,
    },
    redis,
  );
  return {
    /** Counts a sign-in attempt before its password is checked (see beginAttempt). */
    begin({ email, ip, trustedDevice }: LoginAttemptSource): Promise<Attempt> {
      return begin(email, ip, trustedDevice);
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
  const begin = createFailureThrottle(
    {
      name: 'two-factor',
      perAccountAndIp: TWO_FACTOR_FAILURES_PER_ACCOUNT_AND_IP,
      perDevice: TWO_FACTOR_FAILURES_PER_DEVICE,
      windowSeconds: TWO_FACTOR_FAILURES_WINDOW_SECONDS,
      perAccount: TWO_FACTOR_FAILURES_PER_ACCOUNT,
      accountWindowSeconds: TWO_FACTOR_ACCOUNT_WINDOW_SECONDS,
    },
    redis,
  );
  return {
    /** Counts a code before it is checked (see beginAttempt). */
    begin({ adminId, ip, trustedDevice }: TwoFactorAttemptSource): Promise<Attempt> {
      return begin(adminId, ip, trustedDevice && `${adminId}|${trustedDevice}`);
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
