const SECONDS_PER_MINUTE = 60;
const SECONDS_PER_HOUR = 60 * SECONDS_PER_MINUTE;

/** How long someone who was refused must wait, in the unit a sentence names it in. */
export interface RetryWait {
  unit: 'minute' | 'hour';
  count: number;
}

/**
 * A `Retry-After` in seconds as people are told it: whole minutes rounded up up to an hour, whole hours
 * rounded up beyond it, so nobody is told a time that is up before the limit is. The server says it in
 * English ("in 12 minutes"); a page in another language says the same wait in its own words.
 */
export function retryWaitOf(retryAfterSeconds: number): RetryWait {
  if (retryAfterSeconds <= SECONDS_PER_HOUR) {
    return { unit: 'minute', count: Math.max(1, Math.ceil(retryAfterSeconds / SECONDS_PER_MINUTE)) };
  }
  return { unit: 'hour', count: Math.ceil(retryAfterSeconds / SECONDS_PER_HOUR) };
}
