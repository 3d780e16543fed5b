import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { encapsulated } from '../../lib/encapsulated.ts';
import type { PublicContent } from '../../lib/public-content.ts';
import { createContactChannelRepository } from './repository.ts';
import { contactChannelRoutes } from './routes.ts';

/** The contact channels: the one source of the contact facts every page shows (decision 029). */
export function createContactChannelsModule({
  db,
  publicContent,
}: {
  db: Kysely<DB>;
  publicContent: PublicContent;
}) {
  const contactChannels = createContactChannelRepository(db);
  return {
    contactChannels,
    async register(app: FastifyInstance) {
      await app.register(encapsulated(contactChannelRoutes), { db, contactChannels, publicContent });
    },
  };
}
