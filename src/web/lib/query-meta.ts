/** What a query or mutation may say about itself to the app-wide error handling. */
export interface RequestMeta extends Record<string, unknown> {
  /** Toast shown when this query fails (not for an ended session, which has its own handling). */
  errorMessage?: string;
  /** False for calls whose 401 is an answer, not an ended session (who am I, sign in). */
  redirectOnSessionError?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: RequestMeta;
    mutationMeta: RequestMeta;
  }
}
