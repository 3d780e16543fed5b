import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { createClickCounter } from '../../lib/click-counter.ts';
import { encapsulated } from '../../lib/encapsulated.ts';
import { createChannelClickRepository } from './repository.ts';
import { channelClickRoutes } from './routes.ts';

/** A channel's counted link, `GET /go/{channel id}`, and the clicks it counts (decision 035). */
export function createChannelClicksModule({
  db,
  contactChannels,
  timeZone,
  clock,
  log,
  onDuty,
  posterSource,
}: {
  db: Kysely<DB>;
  /** The redirect reads the channel's link. */
  contactChannels: Parameters<typeof channelClickRoutes>[1]['contactChannels'];
  /** Clicks are counted on the business's days. */
  timeZone: () => Promise<string>;
  clock: () => number;
  log: FastifyBaseLogger;
  /** Who on duty a visitor of the public WhatsApp and call links is sent to (the duty feature's). */
  onDuty: Parameters<typeof channelClickRoutes>[1]['onDuty'];
  /** The poster a link's `src` names, whose taps are counted too (the posters feature's). */
  posterSource: Parameters<typeof channelClickRoutes>[1]['posterSource'];
}) {
  const channelClicks = createChannelClickRepository(db);
  const counter = createClickCounter({ clicks: channelClicks, timeZone, clock, log });
  return {
    channelClicks,
    counter,
    async register(app: FastifyInstance) {
      app.addHook('onClose', () => counter.settled());
      await app.register(encapsulated(channelClickRoutes), {
        contactChannels,
        counter,
        onDuty,
        posterSource,
      });
    },
  };
}
