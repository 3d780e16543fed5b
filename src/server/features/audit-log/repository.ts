import type { Kysely } from 'kysely';
import type { AuditEntry } from '../../../shared/contracts/audit-log.ts';
import type { SecurityNotice } from '../../../shared/contracts/dashboard.ts';
import {
  type AuditAction,
  isSecurityNotice,
  SECURITY_NOTICE_ACTIONS,
} from '../../../shared/rules/audit-log.ts';
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

const NOTICE_PAGE = 200;

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
          targetName: null,
          detail: detail === null ? null : (JSON.parse(detail) as AuditEntry['detail']),
        })),
        total: Number(count?.n ?? 0),
      };
    },

    /** The newest security notices (isSecurityNotice) made since `from`, at most `limit`. */
    async securityNotices(from: string, limit: number): Promise<SecurityNotice[]> {
      const notices: SecurityNotice[] = [];
      let before: { at: string | Date; id: string } | undefined;
      // Sign-ins and team changes are notices only in some cases: read on in pages until enough are found.
      for (;;) {
        const rows = await db
          .selectFrom('auditLog')
          .select(['id', 'at', 'actorEmail', 'action', 'detail', 'ip'])
          .where('action', 'in', SECURITY_NOTICE_ACTIONS)
          .where('at', '>=', from)
          .$if(before !== undefined, (query) =>
            query.where((eb) =>
              eb.or([
                eb('at', '<', before!.at),
                eb.and([eb('at', '=', before!.at), eb('id', '<', before!.id)]),
              ]),
            ),
          )
          .orderBy('at', 'desc')
          .orderBy('id', 'desc')
          .limit(NOTICE_PAGE)
          .execute();
        for (const row of rows) {
          const entry = {
            action: row.action as AuditAction,
            detail: row.detail === null ? null : (JSON.parse(row.detail) as Record<string, unknown>),
          };
          if (!isSecurityNotice(entry)) continue;
          notices.push({ action: entry.action, at: toIso(row.at), actorEmail: row.actorEmail, ip: row.ip });
          if (notices.length === limit) return notices;
        }
        if (rows.length < NOTICE_PAGE) return notices;
        before = rows[rows.length - 1]!;
      }
    },

    /** Erases the entries made before `cutoff`; returns how many. */
    async purgeBefore(cutoff: string): Promise<number> {
      const result = await db.deleteFrom('auditLog').where('at', '<', cutoff).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type AuditLogRepository = ReturnType<typeof createAuditLogRepository>;
