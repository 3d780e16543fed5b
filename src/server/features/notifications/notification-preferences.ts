import type { Kysely } from 'kysely';
import type { NotificationPreferences } from '../../../shared/contracts/notifications.ts';
import { rolesThatCanUse } from '../../../shared/rules/roles.ts';
import type { Executor } from '../../db/repository-support.ts';
import type { DB } from '../../db/schema.ts';
import { fromFlag, nowIso, toFlag } from '../../db/values.ts';
import { EMAIL_LANE, writeOutboxEntries } from '../../outbox/outbox.ts';

/** A user as a notification to them needs it: the address and what they still want. */
export interface NotificationRecipient {
  email: string;
  emailNotifications: boolean;
  digestEnabled: boolean;
  digestUnreadHours: number;
}

/** The outbox entry of one user's daily digest of `date` (the business's date). */
export interface DigestPayload {
  type: 'digest';
  adminId: string;
  date: string;
}

/** Each back-office user's notification choices: the notification columns of `admins`. */
export function createNotificationPreferences(db: Kysely<DB>) {
  return {
    async get(adminId: string): Promise<NotificationPreferences | undefined> {
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

    async save(adminId: string, preferences: NotificationPreferences): Promise<boolean> {
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

    async recipient(adminId: string, trx: Executor = db): Promise<NotificationRecipient | undefined> {
      const row = await trx
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

    /** The addresses of these users, for Settings' list of what was given up. */
    async emails(adminIds: string[]): Promise<Map<string, string>> {
      if (adminIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('admins')
        .select(['id', 'email'])
        .where('id', 'in', adminIds)
        .execute();
      return new Map(rows.map((row) => [row.id, row.email]));
    },

    /** The users whose digest is due at `hour` of `date` and not yet taken for sending. */
    async digestsDue(date: string, hour: number): Promise<string[]> {
      const rows = await db
        .selectFrom('admins')
        .select('id')
        .where('digestEnabled', '=', 1)
        .where('digestHour', '=', hour)
        .where('role', 'in', rolesThatCanUse('inbox'))
        .where('disabledAt', 'is', null)
        .where((eb) => eb.or([eb('digestSentOn', 'is', null), eb('digestSentOn', '<>', date)]))
        .execute();
      return rows.map((row) => row.id);
    },

    /**
     * Takes one user's digest of `date` for sending and writes its email to the outbox, in one transaction.
     * The conditional update is the claim: with several instances only the first sets `digestSentOn`, and
     * the others update no row and write nothing. False when it was taken already (or no longer wanted).
     */
    claimDigest(adminId: string, date: string, hour: number, now: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const claimed = await trx
          .updateTable('admins')
          .set({ digestSentOn: date })
          .where('id', '=', adminId)
          .where('digestEnabled', '=', 1)
          .where('digestHour', '=', hour)
          .where((eb) => eb.or([eb('digestSentOn', 'is', null), eb('digestSentOn', '<>', date)]))
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) return false;
        const payload: DigestPayload = { type: 'digest', adminId, date };
        await writeOutboxEntries(trx, [{ kind: 'email' as const, payload, lane: EMAIL_LANE }], now);
        return true;
      });
    },
  };
}

export type NotificationPreferenceRepository = ReturnType<typeof createNotificationPreferences>;
