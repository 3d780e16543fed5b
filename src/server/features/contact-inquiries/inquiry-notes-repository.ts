import type { Kysely, Selectable, Transaction } from 'kysely';
import type { InquiryNote } from '../../../shared/contracts/inquiry-notes.ts';
import type { Dialect } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { newId, nowIso, toIso } from '../../db/values.ts';
import { type InquiryActor, recordInquiryEvent } from './inquiry-events.ts';

const COLUMNS = ['id', 'authorId', 'authorName', 'body', 'createdAt', 'updatedAt'] as const;
type NoteRow = Pick<Selectable<DB['inquiryNotes']>, (typeof COLUMNS)[number]>;

function toNote(row: NoteRow): InquiryNote {
  const createdAt = toIso(row.createdAt);
  const updatedAt = toIso(row.updatedAt);
  return {
    _id: row.id,
    body: row.body,
    author: { _id: row.authorId, name: row.authorName },
    createdAt,
    updatedAt,
    edited: updatedAt !== createdAt,
  };
}

/** Why a note could not be changed: there is none of that id on the inquiry, or someone else wrote it. */
export type NoteRefusal = 'not-found' | 'not-author';

/** Private notes on inquiries; each change is recorded in the inquiry's history in the same transaction. */
export function createInquiryNoteRepository(
  db: Kysely<DB>,
  dialect: Dialect,
  {
    clock = Date.now,
    onChange,
  }: {
    clock?: () => number;
    /** Told of each change of a note in its transaction (the inquiry's inquiry.updated webhook). */
    onChange?: (trx: Transaction<DB>, inquiryId: string) => Promise<void>;
  } = {},
) {
  /** Whether the inquiry exists; on PostgreSQL it then cannot be deleted before the transaction ends. */
  const holdInquiry = async (trx: Transaction<DB>, inquiryId: string) =>
    (await trx
      .selectFrom('contactInquiries')
      .select('id')
      .where('id', '=', inquiryId)
      .$if(dialect === 'postgres', (query) => query.forKeyShare())
      .executeTakeFirst()) !== undefined;

  /** The note, locked for the change on PostgreSQL, if the actor may change it. */
  const noteToChange = async (
    trx: Transaction<DB>,
    inquiryId: string,
    noteId: string,
    actor: InquiryActor,
  ): Promise<NoteRow | NoteRefusal> => {
    const row = await trx
      .selectFrom('inquiryNotes')
      .select(COLUMNS)
      .where('id', '=', noteId)
      .where('inquiryId', '=', inquiryId)
      .$if(dialect === 'postgres', (query) => query.forUpdate())
      .executeTakeFirst();
    if (!row) return 'not-found';
    return row.authorId === actor.id ? row : 'not-author';
  };

  return {
    /** The inquiry's notes, oldest first. */
    async list(inquiryId: string): Promise<InquiryNote[]> {
      const rows = await db
        .selectFrom('inquiryNotes')
        .select(COLUMNS)
        .where('inquiryId', '=', inquiryId)
        .orderBy('createdAt')
        .orderBy('id')
        .execute();
      return rows.map(toNote);
    },

    /** Adds a note by `actor`; undefined when there is no such inquiry. */
    add(inquiryId: string, body: string, actor: InquiryActor): Promise<InquiryNote | undefined> {
      return db.transaction().execute(async (trx) => {
        if (!(await holdInquiry(trx, inquiryId))) return undefined;
        const now = nowIso(clock);
        const row = {
          id: newId(),
          authorId: actor.id,
          authorName: actor.name,
          body,
          createdAt: now,
          updatedAt: now,
        };
        await trx
          .insertInto('inquiryNotes')
          .values({ ...row, inquiryId })
          .execute();
        await recordInquiryEvent(trx, inquiryId, actor, now, { kind: 'note', action: 'added' });
        await onChange?.(trx, inquiryId);
        return toNote(row);
      });
    },

    /** Rewrites a note; only its author may. An unchanged text changes nothing. */
    update(
      inquiryId: string,
      noteId: string,
      body: string,
      actor: InquiryActor,
    ): Promise<InquiryNote | NoteRefusal> {
      return db.transaction().execute(async (trx) => {
        const note = await noteToChange(trx, inquiryId, noteId, actor);
        if (typeof note === 'string' || note.body === body)
          return typeof note === 'string' ? note : toNote(note);
        const now = nowIso(clock);
        await trx
          .updateTable('inquiryNotes')
          .set({ body, updatedAt: now })
          .where('id', '=', noteId)
          .execute();
        await recordInquiryEvent(trx, inquiryId, actor, now, { kind: 'note', action: 'edited' });
        await onChange?.(trx, inquiryId);
        return toNote({ ...note, body, updatedAt: now });
      });
    },

    /** Deletes a note; only its author may. */
    delete(inquiryId: string, noteId: string, actor: InquiryActor): Promise<true | NoteRefusal> {
      return db.transaction().execute(async (trx) => {
        const note = await noteToChange(trx, inquiryId, noteId, actor);
        if (typeof note === 'string') return note;
        await trx.deleteFrom('inquiryNotes').where('id', '=', noteId).execute();
        await recordInquiryEvent(trx, inquiryId, actor, nowIso(clock), { kind: 'note', action: 'deleted' });
        await onChange?.(trx, inquiryId);
        return true;
      });
    },
  };
}

export type InquiryNoteRepository = ReturnType<typeof createInquiryNoteRepository>;
