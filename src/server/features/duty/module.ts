import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { SiteSettings } from '../../../shared/contracts/site-settings.ts';
import type { Database } from '../../db/database.ts';
import { encapsulated } from '../../lib/encapsulated.ts';
import { createDutyRepository } from './repository.ts';
import { dutyRoutes } from './routes.ts';
import { dutyRouting } from './routing.ts';

/**
 * Who is on duty (decision 076): each team member's own numbers, duty hours and away, an administrator's
 * share for each, and `onDuty`, which the public WhatsApp and call links (channel-clicks) route through.
 */
export function createDutyModule({
  database,
  redis,
  accounts,
  settings,
  clock,
  log,
}: {
  database: Pick<Database, 'db' | 'pgSchema'>;
  redis: Redis | undefined;
  /** The team's accounts (admin-auth's): who exists, and who is disabled. */
  accounts: {
    list(): Promise<{ id: string; disabledAt: string | null }[]>;
    find(id: string): Promise<unknown>;
  };
  settings: () => Promise<Pick<SiteSettings, 'openingHours' | 'timeZone'>>;
  clock: () => number;
  log: FastifyBaseLogger;
}) {
  const duty = createDutyRepository(database.db, clock);
  return {
    onDuty: dutyRouting({ duty, accounts, settings, redis, scope: database.pgSchema, clock, log }),
    async register(app: FastifyInstance) {
      await app.register(encapsulated(dutyRoutes), {
        duty,
        memberExists: async (id) => (await accounts.find(id)) !== undefined,
      });
    },
  };
}
