import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { SiteAddressConfig } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { encapsulated } from '../../lib/encapsulated.ts';
import { createInvitationThrottle } from './invitations.ts';
import { createTeamRepository } from './repository.ts';
import { invitationRoutes, teamRoutes } from './routes.ts';
import type { TeamAccounts, TeamSessions } from './team-member-rows.ts';

/** The team: back-office users, their roles and invitations. */
export function createTeamModule({
  config,
  database,
  sessions,
  accounts,
  redis,
  clock,
}: {
  /** Invitation links name the site's origin, which reads PUBLIC_ORIGIN and the allowed hosts. */
  /** Invitation links name the site's address. */
  config: SiteAddressConfig;
  database: Pick<Database, 'db'>;
  /** A removed or disabled user's sessions end. */
  sessions: TeamSessions;
  /** The users' rows (the admin-auth feature's accounts). */
  accounts: TeamAccounts;
  redis: Redis | undefined;
  clock: () => number;
}) {
  const team = createTeamRepository(database.db, { accounts, sessions, clock });
  return {
    async register(app: FastifyInstance) {
      await app.register(encapsulated(teamRoutes), { config, team, clock });
      await app.register(encapsulated(invitationRoutes), { team, throttle: createInvitationThrottle(redis) });
    },
  };
}
