import type { Redis } from 'ioredis';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';

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

/** Seconds until the limiter lets `key` through again, or 0 when it is not exhausted. */
export async function secondsBlocked(limiter: RateLimiterAbstract, key: string): Promise<number> {
  const state = await limiter.get(key);
  if (!state || state.consumedPoints < limiter.points) return 0;
  return Math.max(1, Math.ceil(state.msBeforeNext / 1000));
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
