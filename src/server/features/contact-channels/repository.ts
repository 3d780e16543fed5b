import type { Kysely } from 'kysely';
import type {
  ContactChannel,
  ContactChannelCreate,
  PublicContactChannel,
} from '../../../shared/contracts/contact-channels.ts';
import type { ContactChannelType } from '../../../shared/rules/contact-channels.ts';
import type { Executor } from '../../db/repository-support.ts';
import type { DB } from '../../db/schema.ts';
import { fromFlag, newId, nowIso, toFlag, toIso } from '../../db/values.ts';
import { formatPhone } from '../../lib/phone-numbers.ts';

export interface ContactChannelChanges {
  value?: string;
  proof?: string;
  proofHi?: string;
  showProof?: boolean;
  isActive?: boolean;
}

/** The first active channel of a type, in the admin's order: the business's main one. */
function firstActiveChannel(
  db: Kysely<DB>,
  type: ContactChannelType,
): Promise<{ id: string; value: string } | undefined> {
  return db
    .selectFrom('contactChannels')
    .select(['id', 'value'])
    .where('type', '=', type)
    .where('isActive', '=', 1)
    .orderBy('position')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

/** A stored value as people read it: a number in international form, any other value as it is. */
function displayed(type: string, value: string): string {
  return type === 'phone' || type === 'whatsapp' ? formatPhone(value) : value;
}

export function createContactChannelRepository(db: Kysely<DB>) {
  const adminColumns = [
    'id',
    'type',
    'value',
    'proof',
    'proofHi',
    'showProof',
    'isActive',
    'position',
    'createdAt',
    'updatedAt',
  ] as const;

  const toContactChannel = (row: {
    id: string;
    type: string;
    value: string;
    proof: string;
    proofHi: string;
    showProof: number;
    isActive: number;
    position: number;
    createdAt: string | Date;
    updatedAt: string | Date;
  }): ContactChannel => ({
    _id: row.id,
    type: row.type as ContactChannelType,
    value: row.value,
    display: displayed(row.type, row.value),
    proof: row.proof,
    proofHi: row.proofHi,
    showProof: fromFlag(row.showProof),
    isActive: fromFlag(row.isActive),
    position: row.position,
    createdAt: toIso(row.createdAt),
    updatedAt: toIso(row.updatedAt),
  });

  const findById = async (id: string, trx: Executor = db): Promise<ContactChannel | undefined> => {
    const row = await trx
      .selectFrom('contactChannels')
      .select(adminColumns)
      .where('id', '=', id)
      .executeTakeFirst();
    return row && toContactChannel(row);
  };

  return {
    findById,

    async listActive(trx: Executor = db): Promise<PublicContactChannel[]> {
      const rows = await trx
        .selectFrom('contactChannels')
        .select(['id', 'type', 'value', 'proof', 'proofHi', 'showProof'])
        .where('isActive', '=', 1)
        .orderBy('position')
        .orderBy('id')
        .execute();
      return rows.map((row) => ({
        _id: row.id,
        type: row.type as ContactChannelType,
        value: row.value,
        display: displayed(row.type, row.value),
        // A description the owner keeps as a note for the admin list never leaves the server.
        ...(fromFlag(row.showProof) ? { proof: row.proof, proofHi: row.proofHi } : {}),
      }));
    },

    /** The active channel with this id (what its counted link leads to), or undefined. */
    firstActive: (type: ContactChannelType) => firstActiveChannel(db, type),
    async findActive(id: string): Promise<{ type: ContactChannelType; value: string } | undefined> {
      const row = await db
        .selectFrom('contactChannels')
        .select(['type', 'value'])
        .where('id', '=', id)
        .where('isActive', '=', 1)
        .executeTakeFirst();
      return row && { type: row.type as ContactChannelType, value: row.value };
    },

    async listAll(trx: Executor = db): Promise<ContactChannel[]> {
      const rows = await trx
        .selectFrom('contactChannels')
        .select(adminColumns)
        .orderBy('position')
        .orderBy('id')
        .execute();
      return rows.map(toContactChannel);
    },

    /** New channels go to the end of the admin's order. */
    async create(
      input: Omit<ContactChannelCreate, 'countryCode' | 'proofHi' | 'showProof'> &
        Partial<Pick<ContactChannelCreate, 'proofHi' | 'showProof'>>,
      trx: Executor = db,
    ): Promise<ContactChannel> {
      const now = nowIso();
      const id = newId();
      const last = await trx
        .selectFrom('contactChannels')
        .select((eb) => eb.fn.max('position').as('position'))
        .executeTakeFirst();
      const position =
        last?.position === null || last?.position === undefined ? 0 : Number(last.position) + 1;
      await trx
        .insertInto('contactChannels')
        .values({
          id,
          type: input.type,
          value: input.value,
          proof: input.proof,
          proofHi: input.proofHi ?? '',
          showProof: toFlag(input.showProof ?? false),
          isActive: toFlag(input.isActive),
          position,
          createdAt: now,
          updatedAt: now,
        })
        .execute();
      return (await findById(id, trx))!;
    },

    async update(
      id: string,
      changes: ContactChannelChanges,
      trx: Executor = db,
    ): Promise<ContactChannel | undefined> {
      const result = await trx
        .updateTable('contactChannels')
        .set({
          ...(changes.value !== undefined ? { value: changes.value } : {}),
          ...(changes.proof !== undefined ? { proof: changes.proof } : {}),
          ...(changes.proofHi !== undefined ? { proofHi: changes.proofHi } : {}),
          ...(changes.showProof !== undefined ? { showProof: toFlag(changes.showProof) } : {}),
          ...(changes.isActive !== undefined ? { isActive: toFlag(changes.isActive) } : {}),
          updatedAt: nowIso(),
        })
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n ? findById(id, trx) : undefined;
    },

    /** Moves one channel to `position` in the admin's order and renumbers the rest 0..n-1. */
    async move(id: string, position: number, trx: Executor): Promise<void> {
      const ids = (
        await trx.selectFrom('contactChannels').select('id').orderBy('position').orderBy('id').execute()
      ).map((row) => row.id);
      const from = ids.indexOf(id);
      if (from === -1) return;
      ids.splice(from, 1);
      ids.splice(Math.min(position, ids.length), 0, id);
      for (const [index, channelId] of ids.entries()) {
        await trx
          .updateTable('contactChannels')
          .set({ position: index })
          .where('id', '=', channelId)
          .execute();
      }
    },

    async delete(id: string, trx: Executor = db): Promise<boolean> {
      const result = await trx.deleteFrom('contactChannels').where('id', '=', id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}

export type ContactChannelRepository = ReturnType<typeof createContactChannelRepository>;
