/** A refusal or failure of a backup or restore, in words for the operator (no stack trace needed). */
export class BackupError extends Error {}

/** A restore refused because the database is open in another process (a running server). */
export class DatabaseInUseError extends BackupError {}

/** Progress of a long step: pages copied (SQLite), tables dumped (PostgreSQL) or bytes copied. */
export type ProgressListener = (done: number, total: number) => void;
