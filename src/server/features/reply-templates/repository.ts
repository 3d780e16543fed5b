import type { Kysely, Selectable } from 'kysely';
import type { ReplyTemplate, ReplyTemplateInput } from '../../../shared/contracts/reply-templates.ts';
import type { Locale } from '../../../shared/rules/locales.ts';
import type { DB, ReplyTemplateTable } from '../../db/schema.ts';
import { newId, nowIso, toIso } from '../../db/values.ts';

const toTemplate = ({ id, createdAt, updatedAt, ...row }: Selectable<ReplyTemplateTable>): ReplyTemplate => ({
  _id: id,
  ...row,
  language: row.language as Locale,
  createdAt: toIso(createdAt),
  updatedAt: toIso(updatedAt),
});

/** The team's reply templates (decision 078): `reply_templates` is this feature's. */
export function createReplyTemplateRepository(db: Kysely<DB>, clock: () => number) {
  return {
    /** Every template, by title. */
    async list(): Promise<ReplyTemplate[]> {
      const rows = await db.selectFrom('replyTemplates').selectAll().orderBy('title').orderBy('id').execute();
      return rows.map(toTemplate);
    },

    async count(): Promise<number> {
      const { count } = await db
        .selectFrom('replyTemplates')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(count);
    },

    async find(id: string): Promise<ReplyTemplate | undefined> {
      const row = await db.selectFrom('replyTemplates').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toTemplate(row);
    },

    async create(input: ReplyTemplateInput): Promise<ReplyTemplate> {
      const at = nowIso(clock);
      const row = { id: newId(), ...input, createdAt: at, updatedAt: at };
      await db.insertInto('replyTemplates').values(row).execute();
      return toTemplate(row);
    },

    async update(id: string, input: ReplyTemplateInput): Promise<ReplyTemplate | undefined> {
      const row = await db
        .updateTable('replyTemplates')
        .set({ ...input, updatedAt: nowIso(clock) })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      return row && toTemplate(row);
    },

    /** False when there was none. */
    async remove(id: string): Promise<boolean> {
      const result = await db.deleteFrom('replyTemplates').where('id', '=', id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}
export type ReplyTemplateRepository = ReturnType<typeof createReplyTemplateRepository>;
