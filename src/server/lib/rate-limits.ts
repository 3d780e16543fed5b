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
  /**
   * The attempt is decided, whether it succeeded or not (call it in `finally`): attempts on the same keys
   * that wait for it (`waitForUndecided`) go on. A failure stays counted.
   */
  end(): void;
}

export interface AttemptOptions {
  /**
   * When a counter a success forgets is exhausted while attempts charged to it are still being checked in
   * this process, wait for them to be decided and try again, rather than refuse at once: ten parallel
   * sign-ins with the right password all get in (the first success forgets the failures), ten wrong ones are
   * still stopped at the limit. Callers must `end()` every attempt.
   */
  waitForUndecided?: boolean;
}

/** An attempt that is never ended stops holding others back after this long. */
const UNDECIDED_AT_MOST_MS = 10_000;

/** Attempts charged to each limiter's keys and not yet decided, in this process. */
const undecided = new WeakMap<RateLimiterAbstract, Map<string, Set<Promise<void>>>>();

function undecidedOn(limiter: RateLimiterAbstract, key: string): Set<Promise<void>> {
  const byKey = undecided.get(limiter) ?? new Map<string, Set<Promise<void>>>();
  undecided.set(limiter, byKey);
  const pending = byKey.get(key) ?? new Set<Promise<void>>();
  byKey.set(key, pending);
  return pending;
}

/** Marks an attempt charged to `counters` as undecided until the returned function is called (or a while). */
function holdUndecided(counters: readonly AttemptCounter[]): () => void {
  let resolve = () => {};
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  const sets = counters.map(({ limiter, key }) => undecidedOn(limiter, key));
  for (const pending of sets) pending.add(promise);
  // A decided attempt leaves the sets before it resolves, so a waiter never finds it again.
  const end = () => {
    clearTimeout(timer);
    for (const [index, pending] of sets.entries()) {
      pending.delete(promise);
      const { limiter, key } = counters[index] as AttemptCounter;
      if (pending.size === 0 && undecided.get(limiter)?.get(key) === pending)
        undecided.get(limiter)?.delete(key);
    }
    resolve();
  };
  const timer = setTimeout(end, UNDECIDED_AT_MOST_MS);
  timer.unref();
  return end;
}

/**
 * Charges one point. While the key is exhausted and attempts charged to it are still being checked, waits for
 * them all and tries again (when asked to, on a key a success forgets: only there can one success let the
 * others in); once they are decided, the answer is the counter's.
 */
async function chargePoint(counter: AttemptCounter, waitForUndecided: boolean): Promise<number> {
  const { limiter, key, onSuccess } = counter;
  for (;;) {
    const wait = await consumePoint(limiter, key);
    const pending = undecided.get(limiter)?.get(key);
    if (wait === 0 || !waitForUndecided || onSuccess !== 'forget' || !pending || pending.size === 0)
      return wait;
    await Promise.all([...pending]);
  }
}

/**
 * Charges an attempt to every counter *before* the secret is checked, each charge atomic in its store:
 * requests already in flight cannot all pass a check that only records failures afterwards. A failure
 * then needs no further step; a success is given back through `succeeded()`.
 */
export async function beginAttempt(
  counters: AttemptCounter[],
  { waitForUndecided = false }: AttemptOptions = {},
): Promise<Attempt> {
  const charged: AttemptCounter[] = [];
  for (const counter of counters) {
    const wait = await chargePoint(counter, waitForUndecided);
    if (wait > 0) {
      // Refused by this counter: the attempt is not checked, so the earlier counters do not keep it.
      await Promise.all(charged.map(({ limiter, key }) => limiter.reward(key, 1)));
      return {
        retryAfterSeconds: wait,
        refusedBy: counter.limiter,
        succeeded: async () => undefined,
        end: () => undefined,
      };
    }
    charged.push(counter);
  }
  const end = waitForUndecided ? holdUndecided(charged) : () => undefined;
  return {
    retryAfterSeconds: 0,
    async succeeded() {
      await Promise.all(
        charged.map(({ limiter, key, onSuccess }) =>
          onSuccess === 'forget' ? limiter.delete(key) : limiter.reward(key, 1),
        ),
      );
    },
    end,
  };
}
