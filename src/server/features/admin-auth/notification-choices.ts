import type { Kysely } from 'kysely';
import type { NotificationPreferences } from '../../../shared/contracts/notifications.ts';
import type { Executor } from '../../db/repository-support.ts';
import type { DB } from '../../db/schema.ts';
import { fromFlag, nowIso, toFlag } from '../../db/values.ts';

/*
 * The notification columns of the back office's users, as the notifications feature reads and changes them
 * through its port (this feature owns the `admins` table; app.ts passes these in).
 */

export function createNotificationChoices(db: Kysely<DB>) {
  return {
    async notificationPreferences(adminId: string): Promise<NotificationPreferences | undefined> {
      const row = await db
        .selectFrom('admins')
        .select(['emailNotifications', 'digestEnabled', 'digestHour', 'digestUnreadHours'])
        .where('id', '=', adminId)
        .executeTakeFirst();
      return (
        row && {
          email: fromFlag(row.emailNotifications),
          digest: {
            enabled: fromFlag(row.digestEnabled),
            hour: row.digestHour,
            unreadHours: row.digestUnreadHours,
          },
        }
      );
    },

    async saveNotificationPreferences(
      adminId: string,
      preferences: NotificationPreferences,
    ): Promise<boolean> {
      const result = await db
        .updateTable('admins')
        .set({
          emailNotifications: toFlag(preferences.email),
          digestEnabled: toFlag(preferences.digest.enabled),
          digestHour: preferences.digest.hour,
          digestUnreadHours: preferences.digest.unreadHours,
          updatedAt: nowIso(),
        })
        .where('id', '=', adminId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** A user as a notification to them needs it: the address and what they still want. */
    async notificationRecipient(adminId: string, executor: Executor = db) {
      const row = await executor
        .selectFrom('admins')
        .select(['email', 'emailNotifications', 'digestEnabled', 'digestUnreadHours'])
        .where('id', '=', adminId)
        .executeTakeFirst();
      return (
        row && {
          email: row.email,
          emailNotifications: fromFlag(row.emailNotifications),
          digestEnabled: fromFlag(row.digestEnabled),
          digestUnreadHours: row.digestUnreadHours,
        }
      );
    },

    /**
     * The ids of the users not disabled with one of `roles`, read with `executor`; with `emailNotifications`,
     * only those who want an email of each new inquiry.
     */
    async activeIds(
      roles: readonly string[],
      executor: Executor = db,
      { emailNotifications = false }: { emailNotifications?: boolean } = {},
    ): Promise<string[]> {
      const rows = await executor
        .selectFrom('admins')
        .select('id')
        .$if(emailNotifications, (query) => query.where('emailNotifications', '=', 1))
        .where('role', 'in', [...roles])
        .where('disabledAt', 'is', null)
        .execute();
      return rows.map((row) => row.id);
    },

    /** The users with one of `roles` whose digest is due at `hour` of `date` and not yet taken for sending. */
    async digestsDue(date: string, hour: number, roles: readonly string[]): Promise<string[]> {
      const rows = await db
        .selectFrom('admins')
        .select('id')
        .where('digestEnabled', '=', 1)
        .where('digestHour', '=', hour)
        .where('role', 'in', [...roles])
        .where('disabledAt', 'is', null)
        .where((eb) => eb.or([eb('digestSentOn', 'is', null), eb('digestSentOn', '<>', date)]))
        .execute();
      return rows.map((row) => row.id);
    },

    /**
     * Takes one user's digest of `date` for sending, with `executor`. The conditional update is the claim:
     * with several instances only the first sets `digestSentOn`. False when it was taken already (or is no
     * longer wanted).
     */
    async claimDigest(adminId: string, date: string, hour: number, executor: Executor): Promise<boolean> {
      const claimed = await executor
        .updateTable('admins')
        .set({ digestSentOn: date })
        .where('id', '=', adminId)
        .where('digestEnabled', '=', 1)
        .where('digestHour', '=', hour)
        .where((eb) => eb.or([eb('digestSentOn', 'is', null), eb('digestSentOn', '<>', date)]))
        .executeTakeFirst();
      return Number(claimed.numUpdatedRows) === 1;
    },
  };
}
