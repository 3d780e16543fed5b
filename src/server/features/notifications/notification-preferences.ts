import type { Kysely, Transaction } from 'kysely';
import type { NotificationPreferences } from '../../../shared/contracts/notifications.ts';
import { rolesThatCanUse } from '../../../shared/rules/roles.ts';
import type { Executor } from '../../db/repository-support.ts';
import type { DB } from '../../db/schema.ts';
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

/**
 * The users' notification choices and who among them is told what: columns of the users' table, which the
 * admin-auth feature owns (its accounts, passed in by app.ts). Those given an executor read or write with it,
 * so that a notification is written in the transaction of what it tells of.
 */
export interface NotificationAccounts {
  notificationPreferences(adminId: string): Promise<NotificationPreferences | undefined>;
  /** False when there is no such user. */
  saveNotificationPreferences(adminId: string, preferences: NotificationPreferences): Promise<boolean>;
  notificationRecipient(adminId: string, executor?: Executor): Promise<NotificationRecipient | undefined>;
  /** The email (among others) of each of these users that still exists. */
  namesOf(ids: readonly string[]): Promise<Map<string, { email: string }>>;
  /**
   * The ids of the users not disabled with one of `roles`; with `emailNotifications`, only those who want an
   * email of each new inquiry.
   */
  activeIds(
    roles: readonly string[],
    executor: Executor,
    options?: { emailNotifications?: boolean },
  ): Promise<string[]>;
  /** The users with one of `roles` whose digest is due at `hour` of `date` and not yet taken for sending. */
  digestsDue(date: string, hour: number, roles: readonly string[]): Promise<string[]>;
  /** Takes one user's digest of `date` for sending; false when it was taken already or is no longer wanted. */
  claimDigest(adminId: string, date: string, hour: number, executor: Executor): Promise<boolean>;
  /** Locks the user's row until `trx` ends (PostgreSQL; SQLite runs one write transaction at a time). */
  lock(adminId: string, trx: Transaction<DB>): Promise<void>;
}

/** Each back-office user's notification choices, and the digests' claims. */
export function createNotificationPreferences(db: Kysely<DB>, accounts: NotificationAccounts) {
  return {
    get: (adminId: string) => accounts.notificationPreferences(adminId),

    save: (adminId: string, preferences: NotificationPreferences) =>
      accounts.saveNotificationPreferences(adminId, preferences),

    recipient: (adminId: string, trx?: Executor) => accounts.notificationRecipient(adminId, trx),

    /** The addresses of these users, for Settings' list of what was given up. */
    async emails(adminIds: string[]): Promise<Map<string, string>> {
      const users = await accounts.namesOf(adminIds);
      return new Map([...users].map(([id, { email }]) => [id, email]));
    },

    /** The users whose digest is due at `hour` of `date` and not yet taken: only those who read inquiries. */
    digestsDue: (date: string, hour: number) => accounts.digestsDue(date, hour, rolesThatCanUse('inbox')),

    /**
     * Takes one user's digest of `date` for sending and writes its email to the outbox, in one transaction.
     * The claim is a conditional update: with several instances only the first takes it, and the others
     * write nothing. False when it was taken already (or no longer wanted).
     */
    claimDigest(adminId: string, date: string, hour: number, now: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        if (!(await accounts.claimDigest(adminId, date, hour, trx))) return false;
        const payload: DigestPayload = { type: 'digest', adminId, date };
        await writeOutboxEntries(trx, [{ kind: 'email' as const, payload, lane: EMAIL_LANE }], now);
        return true;
      });
    },
  };
}

export type NotificationPreferenceRepository = ReturnType<typeof createNotificationPreferences>;
