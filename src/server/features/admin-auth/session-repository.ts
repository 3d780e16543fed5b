import type { Kysely } from 'kysely';
import type { Executor } from '../../db/repository-support.ts';
import type { DB } from '../../db/schema.ts';
import { toIso } from '../../db/values.ts';

export interface SessionRecord {
  id: string;
  adminId: string;
  email: string;
  name: string;
  role: string;
  disabled: boolean;
  twoFactorEnabled: boolean;
  lastSeenAt: string;
  expiresAt: string;
  /** The last password or second factor given in this session (its sign-in included), or null. */
  reauthenticatedAt: string | null;
}

export function createSessionRepository(db: Kysely<DB>) {
  return {
    async create(
      session: { id: string; adminId: string; now: string; expiresAt: string },
      trx: Executor = db,
    ): Promise<void> {
      await trx
        .insertInto('adminSessions')
        .values({
          id: session.id,
          adminId: session.adminId,
          createdAt: session.now,
          lastSeenAt: session.now,
          expiresAt: session.expiresAt,
          // A sign-in is the proof a sensitive change asks for.
          reauthenticatedAt: session.now,
        })
        .execute();
    },

    async find(id: string, trx: Executor = db): Promise<SessionRecord | undefined> {
      const row = await trx
        .selectFrom('adminSessions')
        .innerJoin('admins', 'admins.id', 'adminSessions.adminId')
        .select([
          'adminSessions.id',
          'adminSessions.adminId',
          'admins.email',
          'admins.name',
          'admins.role',
          'admins.disabledAt',
          'admins.totpEnabledAt',
          'adminSessions.lastSeenAt',
          'adminSessions.expiresAt',
          'adminSessions.reauthenticatedAt',
        ])
        .where('adminSessions.id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      const { disabledAt, totpEnabledAt, ...session } = row;
      return {
        ...session,
        disabled: disabledAt !== null,
        twoFactorEnabled: totpEnabledAt !== null,
        lastSeenAt: toIso(row.lastSeenAt),
        expiresAt: toIso(row.expiresAt),
        reauthenticatedAt: row.reauthenticatedAt === null ? null : toIso(row.reauthenticatedAt),
      };
    },

    /** The session's user gave their password or a second factor again, `now`. */
    async markReauthenticated(id: string, now: string, trx: Executor = db): Promise<void> {
      await trx.updateTable('adminSessions').set({ reauthenticatedAt: now }).where('id', '=', id).execute();
    },

    async touch(id: string, now: string, trx: Executor = db): Promise<void> {
      // Never backwards: a slow request finishing after a later one must not shorten the session.
      await trx
        .updateTable('adminSessions')
        .set({ lastSeenAt: now })
        .where('id', '=', id)
        .where('lastSeenAt', '<', now)
        .execute();
    },

    async delete(id: string, trx: Executor = db): Promise<void> {
      await trx.deleteFrom('adminSessions').where('id', '=', id).execute();
    },

    async deleteForAdmin(
      adminId: string,
      options: { except?: string } = {},
      trx: Executor = db,
    ): Promise<void> {
      let query = trx.deleteFrom('adminSessions').where('adminId', '=', adminId);
      if (options.except) query = query.where('id', '!=', options.except);
      await query.execute();
    },

    /** Ends a user's sessions but the `keep` newest: the oldest go first. */
    async deleteAllButNewest(adminId: string, keep: number, trx: Executor = db): Promise<void> {
      await trx
        .deleteFrom('adminSessions')
        .where('adminId', '=', adminId)
        .where('id', 'not in', (eb) =>
          eb
            .selectFrom('adminSessions')
            .select('id')
            .where('adminId', '=', adminId)
            .orderBy('createdAt', 'desc')
            .orderBy('id')
            .limit(keep),
        )
        .execute();
    },

    async deleteExpired(now: string, idleCutoff: string, trx: Executor = db): Promise<void> {
      await trx
        .deleteFrom('adminSessions')
        .where((eb) => eb.or([eb('expiresAt', '<=', now), eb('lastSeenAt', '<=', idleCutoff)]))
        .execute();
    },
  };
}

export type SessionRepository = ReturnType<typeof createSessionRepository>;
