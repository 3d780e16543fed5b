/** Lengths of time in milliseconds: the one definition of each, for the server, the web app and tests. */
export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
