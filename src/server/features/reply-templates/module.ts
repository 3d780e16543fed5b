import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { encapsulated } from '../../lib/encapsulated.ts';
import { createReplyTemplateRepository } from './repository.ts';
import { replyTemplateRoutes } from './routes.ts';

/** The team's reply templates (decision 078), and their titles for the inquiries' history. */
export function createReplyTemplatesModule({ db, clock }: { db: Kysely<DB>; clock: () => number }) {
  const templates = createReplyTemplateRepository(db, clock);
  return {
    /** A template's title by its id, or undefined when there is none (the history copies it). */
    templateTitle: async (id: string) => (await templates.find(id))?.title,
    async register(app: FastifyInstance) {
      await app.register(encapsulated(replyTemplateRoutes), { templates });
    },
  };
}
