import type { Kysely } from 'kysely';
import { type InquiryEvent, InquiryEventSchema } from '../../../shared/contracts/inquiry-history.ts';
import { INQUIRY_HISTORY_LIMIT } from '../../../shared/rules/contact-inquiries.ts';
import type { Executor } from '../../db/repository-support.ts';
import type { DB } from '../../db/schema.ts';
import { newId, toIso } from '../../db/values.ts';

/** The back-office user who makes a change; the name is copied into the history, so it outlives the account. */
export interface InquiryActor {
  /** Null for what no one of the team did (an inquiry assigned on arrival). */
  id: string | null;
  name: string;
}

/** A team member as the inbox names them: their name, or their email when they have none. */
export function teamMemberName(name: string, email: string): string {
  return name.trim() || email;
}

/** The signed-in user making a change, as the history and the notes name them. */
export function inquiryActor(admin: { id: string; name: string; email: string }): InquiryActor {
  return { id: admin.id, name: teamMemberName(admin.name, admin.email) };
}

/** What an entry says besides who and when: its kind and that kind's fields (InquiryEventSchema). */
type EventDetail<Kind extends InquiryEvent['kind']> = Omit<
  Extract<InquiryEvent, { kind: Kind }>,
  '_id' | 'actor' | 'at'
>;
export type NewInquiryEvent = { [Kind in InquiryEvent['kind']]: EventDetail<Kind> }[InquiryEvent['kind']];

/** Adds an entry to an inquiry's history; called in the transaction of the change it records. */
export async function recordInquiryEvent(
  trx: Executor,
  inquiryId: string,
  actor: InquiryActor,
  at: string,
  { kind, ...detail }: NewInquiryEvent,
): Promise<void> {
  await trx
    .insertInto('inquiryEvents')
    .values({
      id: newId(),
      inquiryId,
      actorId: actor.id,
      actorName: actor.name,
      kind,
      detail: JSON.stringify(detail),
      createdAt: at,
    })
    .execute();
}

export function createInquiryEventRepository(db: Kysely<DB>) {
  return {
    /** The inquiry's newest entries first (at most INQUIRY_HISTORY_LIMIT); ids are time-ordered. */
    async history(inquiryId: string): Promise<InquiryEvent[]> {
      const rows = await db
        .selectFrom('inquiryEvents')
        .select(['id', 'actorId', 'actorName', 'kind', 'detail', 'createdAt'])
        .where('inquiryId', '=', inquiryId)
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .limit(INQUIRY_HISTORY_LIMIT)
        .execute();
      return rows.flatMap((row) => {
        // An entry of a kind this version does not know (written by a newer one) is left out.
        const parsed = InquiryEventSchema.safeParse({
          ...(JSON.parse(row.detail) as object),
          _id: row.id,
          actor: { _id: row.actorId, name: row.actorName },
          at: toIso(row.createdAt),
          kind: row.kind,
        });
        return parsed.success ? [parsed.data] : [];
      });
    },
  };
}

export type InquiryEventRepository = ReturnType<typeof createInquiryEventRepository>;
