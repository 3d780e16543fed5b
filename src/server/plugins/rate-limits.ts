import type { Redis } from 'ioredis';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import { retryWaitOf } from '../../shared/rules/retry-wait.ts';

export interface LimitSpec {
  keyPrefix: string;
  points: number;
  durationSeconds: number;
}

/** Counters live in Redis when configured (shared by every instance), otherwise in this process. */
export function createLimiter(spec: LimitSpec, redis?: Redis): RateLimiterAbstract {
  const options = {
    keyPrefix: `sampark:${spec.keyPrefix}`,
    points: spec.points,
    duration: spec.durationSeconds,
  };
  // With Redis down, counting goes on in this process rather than failing every request. Without
  // rejectIfRedisNotReady a request would first wait for the client to fail the command; with it the
  // limiter goes straight to the in-memory one whenever the client is not connected.
  return redis
    ? new RateLimiterRedis({
        ...options,
        storeClient: redis,
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory(options),
      })
    : new RateLimiterMemory(options);
}

/** Several limiters by name, each as createLimiter makes it. */
export function createLimiters<Name extends string>(
  specs: Record<Name, LimitSpec>,
  redis?: Redis,
): Record<Name, RateLimiterAbstract> {
  return Object.fromEntries(
    Object.entries<LimitSpec>(specs).map(([name, spec]) => [name, createLimiter(spec, redis)]),
  ) as Record<Name, RateLimiterAbstract>;
}

/** Counts one event against `key`; returns the seconds to wait when this event went over the limit. */
export async function consumePoint(limiter: RateLimiterAbstract, key: string): Promise<number> {
  try {
    await limiter.consume(key);
    return 0;
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
    throw rejection;
  }
}

/**
 * Counts one event against `key` and never refuses it; returns how many the key holds in its window, this one
 * included. Atomic like `consume`: it tells a busy address from a quiet one without blocking either.
 */
export async function countEvent(limiter: RateLimiterAbstract, key: string): Promise<number> {
  return (await limiter.penalty(key, 1)).consumedPoints;
}

/** How long to wait, as the end of a sentence ("in 12 minutes"), rounded up as `retryWaitOf` rounds it. */
export function waitPhrase(retryAfterSeconds: number): string {
  const { unit, count } = retryWaitOf(retryAfterSeconds);
  return `in ${count} ${unit}${count === 1 ? '' : 's'}`;
}

/** One counter an attempt is charged to, and what a successful attempt does to it. */
export interface AttemptCounter {
  limiter: RateLimiterAbstract;
  key: string;
  /**
   * `forget`: success clears the key's failures (the same person got it right);
   * `refund`: success gives back just this attempt (other people's failures on the key still count).
   */
  onSuccess: 'forget' | 'refund';
}

export interface Attempt {
  /** Seconds to wait when a counter was exhausted (nothing is left charged), or 0 to go ahead. */
  retryAfterSeconds: number;
  /** The counter that was exhausted, when one was: its limiter says which limit the person reached. */
  refusedBy?: RateLimiterAbstract;
  /** The attempt succeeded: it stops counting as a failure. */
  succeeded(): Promise<void>;
}

/**
 * Charges an attempt to every counter *before* the secret is checked, each charge atomic in its store:
 * requests already in flight cannot all pass a check that only records failures afterwards. A failure
 * then needs no further step; a success is given back through `succeeded()`.
 */
export async function beginAttempt(counters: AttemptCounter[]): Promise<Attempt> {
  const charged: AttemptCounter[] = [];
  for (const counter of counters) {
    const wait = await consumePoint(counter.limiter, counter.key);
    if (wait > 0) {
      // Refused by this counter: the attempt is not checked, so the earlier counters do not keep it.
      await Promise.all(charged.map(({ limiter, key }) => limiter.reward(key, 1)));
      return { retryAfterSeconds: wait, refusedBy: counter.limiter, succeeded: async () => undefined };
    }
    charged.push(counter);
  }
  return {
    retryAfterSeconds: 0,
    async succeeded() {
      await Promise.all(
        charged.map(({ limiter, key, onSuccess }) =>
          onSuccess === 'forget' ? limiter.delete(key) : limiter.reward(key, 1),
        ),
      );
    },
  };
}
