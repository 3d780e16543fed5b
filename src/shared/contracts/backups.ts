import { z } from 'zod';

/** One backup file in the backups directory. */
export const BackupFileSchema = z.object({
  fileName: z.string(),
  /** When its snapshot was taken (UTC, from the file's name). */
  takenAt: z.iso.datetime(),
  sizeBytes: z.number().int().nonnegative(),
});
export type BackupFile = z.infer<typeof BackupFileSchema>;

/** What Settings shows about backups: the automatic schedule, the newest file, the last failure. */
export const BackupStatusSchema = z.object({
  automatic: z.discriminatedUnion('state', [
    z.object({
      state: z.literal('on'),
      keepDays: z.number().int().positive(),
      /** When the next automatic backup is due, once the schedule knows. */
      nextAt: z.iso.datetime().nullable(),
    }),
    /** Turned off (BACKUP_KEEP_DAYS=0) or not possible here (e.g. pg_dump missing): `reason` says which. */
    z.object({ state: z.enum(['off', 'unavailable']), reason: z.string() }),
  ]),
  /** Where backups are kept: relative to the server's working directory when inside it. */
  directory: z.string(),
  latest: BackupFileSchema.nullable(),
  /** The last backup that failed (automatic or asked for), when no backup has succeeded since. */
  lastFailure: z.object({ at: z.iso.datetime(), message: z.string() }).nullable(),
  /** True while a backup is being taken. */
  running: z.boolean(),
  /** How far the backup under way is, from 0 to 1, once it says; null otherwise. */
  progress: z.number().min(0).max(1).nullable(),
});
export type BackupStatus = z.infer<typeof BackupStatusSchema>;

export const BackupStatusResponseSchema = z.object({ backups: BackupStatusSchema });
