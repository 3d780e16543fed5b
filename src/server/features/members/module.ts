import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { encapsulated } from '../../lib/encapsulated.ts';
import { type ServerKeyStore, serverSecret } from '../../lib/server-secret.ts';
import type { ProofOfWork } from '../../proof-of-work/proof-of-work.ts';
import { accountDeletion as createAccountDeletion } from './account-deletion.ts';
import { accountDeletionRoutes } from './account-deletion-routes.ts';
import { createDeletionThrottle } from './deletion-throttle.ts';
import { createMemberPurge } from './purge.ts';
import { createMemberRepository } from './repository.ts';
import { memberRoutes } from './routes.ts';

/** Members: customers' accounts, their self-service deletion and the purge of deleted ones (decision 011). */
export function createMembersModule({
  database,
  proofOfWork,
  redis,
  clock,
  log,
  onDeleted,
  serverKeys,
}: {
  database: Pick<Database, 'db' | 'dialect'>;
  proofOfWork: ProofOfWork;
  redis: Redis | undefined;
  clock: () => number;
  log: FastifyBaseLogger;
  /** Told of each deletion in its transaction (the member.deleted webhook). */
  onDeleted: (trx: Transaction<DB>, memberId: string) => Promise<void>;
  /** Where the confirmations' key is kept (the site settings' rows). */
  serverKeys: ServerKeyStore;
}) {
  const { db } = database;
  const members = createMemberRepository(db, database.dialect, { clock, onDeleted });
  // One deletion (one throttle) for the page's JSON call and the page posted without script.
  const accountDeletion = createAccountDeletion({
    members,
    throttle: createDeletionThrottle({ proofOfWork, ...(redis ? { redis } : {}) }),
    key: serverSecret(serverKeys, 'account-deletion-confirmation-key'),
    clock,
  });
  return {
    accountDeletion,
    jobs: { memberPurge: createMemberPurge({ members, clock, log }) },
    async register(app: FastifyInstance) {
      await app.register(encapsulated(memberRoutes), { members });
      await app.register(encapsulated(accountDeletionRoutes), { accountDeletion });
    },
  };
}
