import { z } from 'zod';
import { AUDIT_ACTIONS, AUDIT_LOG_PAGE_SIZE, AUDIT_LOG_PAGE_SIZE_MAX } from '../rules/audit-log.ts';
import { emptyAsUndefined, PAGE_FIELDS, pagingQuery } from './paging.ts';

/**
 * The back office's audit log, for administrators:
 * - `GET /api/admin/audit-log?actor=&action=&from=&to=&page=&pageSize=` -> AuditLogResponse, newest first.
 * `from` and `to` are calendar days (YYYY-MM-DD) in the business's time zone, both included.
 */

const DaySchema = z.preprocess(
  emptyAsUndefined,
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-11-25')
    .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)), 'Use a date like 2026-11-25')
    .optional(),
);

export const AuditLogQuerySchema = z.object({
  /** A user's id: what they did (and failed sign-ins to their account). */
  actor: z.preprocess(emptyAsUndefined, z.uuid('Invalid user id').optional()),
  action: z.preprocess(emptyAsUndefined, z.enum(AUDIT_ACTIONS, 'Unknown action').optional()),
  from: DaySchema,
  to: DaySchema,
  ...pagingQuery({ pageSize: AUDIT_LOG_PAGE_SIZE, maxPageSize: AUDIT_LOG_PAGE_SIZE_MAX }),
});

export const AuditEntrySchema = z.object({
  _id: z.string(),
  at: z.string(),
  /** Null for a failed sign-in to an email that has no account. */
  actorId: z.string().nullable(),
  /** The email the entry was made under (kept after the account is deleted). */
  actorEmail: z.string().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  /** What the target is called now (an inquiry's sender); null once it is deleted, or for other targets. */
  targetName: z.string().nullable(),
  /** Short facts that tell the change apart, e.g. `{status: 'resolved'}`; never a password or a code. */
  detail: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).nullable(),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditLogResponseSchema = z.object({
  entries: z.array(AuditEntrySchema),
  ...PAGE_FIELDS,
  /** Entries older than this many days are erased. */
  keepDays: z.number().int(),
});
export type AuditLogResponse = z.infer<typeof AuditLogResponseSchema>;
