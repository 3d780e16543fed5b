import type { Kysely, Transaction } from 'kysely';
import type { PushDevice, PushDeviceInput } from '../../../shared/contracts/push-devices.ts';
import { MAX_PUSH_DEVICES_PER_USER } from '../../../shared/rules/push-devices.ts';
import type { Executor } from '../../db/repository-support.ts';
import type { DB } from '../../db/schema.ts';
import { newId, nowIso, toIso } from '../../db/values.ts';

const DEVICE_COLUMNS = ['id', 'deviceName', 'endpoint', 'createdAt', 'lastSentAt'] as const;

function toDevice(row: {
  id: string;
  deviceName: string;
  endpoint: string;
  createdAt: string | Date;
  lastSentAt: string | Date | null;
}): PushDevice {
  return {
    id: row.id,
    name: row.deviceName,
    endpoint: row.endpoint,
    createdAt: toIso(row.createdAt),
    lastSentAt: row.lastSentAt === null ? null : toIso(row.lastSentAt),
  };
}

/** The devices' owners: the admin-auth feature's accounts, passed in by app.ts. */
interface DeviceOwners {
  /** Locks the user's row until `trx` ends (PostgreSQL; SQLite runs one write transaction at a time). */
  lock(adminId: string, trx: Transaction<DB>): Promise<void>;
}

/** The devices that asked for push (push_subscriptions), each belonging to one back-office user. */
export function createPushDeviceRepository(
  db: Kysely<DB>,
  owners: DeviceOwners,
  clock: () => number = Date.now,
) {
  return {
    async listForAdmin(adminId: string): Promise<PushDevice[]> {
      const rows = await db
        .selectFrom('pushSubscriptions')
        .select(DEVICE_COLUMNS)
        .where('adminId', '=', adminId)
        .orderBy('createdAt')
        .orderBy('id')
        .execute();
      return rows.map(toDevice);
    },

    /**
     * Keeps a browser's subscription for `adminId`. The endpoint names one browser profile: subscribing again
     * updates its keys and name, and one another user had (a shared phone) moves to this user. 'limit' when
     * the user already has MAX_PUSH_DEVICES_PER_USER others: nothing is saved.
     */
    save(adminId: string, input: PushDeviceInput): Promise<PushDevice | 'limit'> {
      return db.transaction().execute(async (trx) => {
        // Two browsers added at once by one user are counted one after the other (SQLite runs one
        // transaction at a time; PostgreSQL waits here for the user's row).
        await owners.lock(adminId, trx);
        const { others } = await trx
          .selectFrom('pushSubscriptions')
          .select((eb) => eb.fn.countAll<string | number>().as('others'))
          .where('adminId', '=', adminId)
          .where('endpoint', '<>', input.endpoint)
          .executeTakeFirstOrThrow();
        if (Number(others) >= MAX_PUSH_DEVICES_PER_USER) return 'limit';
        const row = await trx
          .insertInto('pushSubscriptions')
          .values({
            id: newId(),
            adminId,
            endpoint: input.endpoint,
            p256dh: input.keys.p256dh,
            auth: input.keys.auth,
            deviceName: input.name,
            createdAt: nowIso(clock),
          })
          .onConflict((conflict) =>
            conflict.column('endpoint').doUpdateSet({
              adminId,
              p256dh: input.keys.p256dh,
              auth: input.keys.auth,
              deviceName: input.name,
            }),
          )
          .returning(DEVICE_COLUMNS)
          .executeTakeFirstOrThrow();
        return toDevice(row);
      });
    },

    /** One of `adminId`'s devices, with what sending needs; undefined for another user's or none. */
    findOwned(id: string, adminId: string) {
      return db
        .selectFrom('pushSubscriptions')
        .select([...DEVICE_COLUMNS, 'p256dh', 'auth'])
        .where('id', '=', id)
        .where('adminId', '=', adminId)
        .executeTakeFirst();
    },

    /** A device by id, for the outbox's sender. */
    findForSending(id: string, executor: Executor = db) {
      return executor
        .selectFrom('pushSubscriptions')
        .select(['id', 'endpoint', 'p256dh', 'auth'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** Deletes one of `adminId`'s devices; false when there was none. */
    async deleteOwned(id: string, adminId: string): Promise<boolean> {
      const result = await db
        .deleteFrom('pushSubscriptions')
        .where('id', '=', id)
        .where('adminId', '=', adminId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Forgets a subscription the push service called gone. */
    async delete(id: string, executor: Executor = db): Promise<void> {
      await executor.deleteFrom('pushSubscriptions').where('id', '=', id).execute();
    },

    async markSent(id: string, executor: Executor = db): Promise<void> {
      await executor
        .updateTable('pushSubscriptions')
        .set({ lastSentAt: nowIso(clock) })
        .where('id', '=', id)
        .execute();
    },
  };
}

export type PushDeviceRepository = ReturnType<typeof createPushDeviceRepository>;
