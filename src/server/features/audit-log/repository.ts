import type { Kysely } from 'kysely';
import type { AuditEntry } from '../../../shared/contracts/audit-log.ts';
import type { AuditAction } from '../../../shared/rules/audit-log.ts';
import { type Executor, pageOffset } from '../../db/repository-support.ts';
import type { DB } from '../../db/schema.ts';
import { newId, toIso } from '../../db/values.ts';

export interface AuditRecord {
  at: string;
  actorId: string | null;
  actorEmail: string | null;
  action: AuditAction;
  targetType?: string | null;
  targetId?: string | null;
  detail?: Record<string, string | number | boolean | null> | null;
  ip: string | null;
}

export interface AuditLogFilter {
  actor?: string | undefined;
  action?: AuditAction | undefined;
  /** Instants (ISO 8601): from included, until excluded. */
  from?: string | undefined;
  until?: string | undefined;
  page: number;
  pageSize: number;
}

export function createAuditLogRepository(db: Kysely<DB>) {
  return {
    async record(entry: AuditRecord, trx: Executor = db): Promise<void> {
      await trx
        .insertInto('auditLog')
        .values({
          id: newId(),
          at: entry.at,
          actorId: entry.actorId,
          actorEmail: entry.actorEmail,
          action: entry.action,
          targetType: entry.targetType ?? null,
          targetId: entry.targetId ?? null,
          detail: entry.detail ? JSON.stringify(entry.detail) : null,
          ip: entry.ip,
        })
        .execute();
    },

    async list(filter: AuditLogFilter): Promise<{ entries: AuditEntry[]; total: number }> {
      let query = db.selectFrom('auditLog');
      if (filter.actor) query = query.where('actorId', '=', filter.actor);
      if (filter.action) query = query.where('action', '=', filter.action);
      if (filter.from) query = query.where('at', '>=', filter.from);
      if (filter.until) query = query.where('at', '<', filter.until);
      const [rows, count] = await Promise.all([
        query
          .select(['id', 'at', 'actorId', 'actorEmail', 'action', 'targetType', 'targetId', 'detail', 'ip'])
          .orderBy('at', 'desc')
          .orderBy('id', 'desc')
          .limit(filter.pageSize)
          .offset(pageOffset(filter))
          .execute(),
        query.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst(),
      ]);
      return {
        entries: rows.map(({ id, at, detail, action, ...row }) => ({
          _id: id,
          at: toIso(at),
          action: action as AuditAction,
          ...row,
          detail: detail === null ? null : (JSON.parse(detail) as AuditEntry['detail']),
        })),
        total: Number(count?.n ?? 0),
      };
    },

    /** Erases the entries made before `cutoff`; returns how many. */
    async purgeBefore(cutoff: string): Promise<number> {
      const result = await db.deleteFrom('auditLog').where('at', '<', cutoff).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type AuditLogRepository = ReturnType<typeof createAuditLogRepository>;
