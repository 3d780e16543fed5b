import type { Kysely, Selectable } from 'kysely';
import type { TeamMember } from '../../../shared/contracts/team.ts';
import type { Role } from '../../../shared/rules/roles.ts';
import type { TeamMemberStatus } from '../../../shared/rules/team.ts';
import type { Dialect } from '../../db/database.ts';
import type { Executor } from '../../db/repository-support.ts';
import type { DB } from '../../db/schema.ts';
import { toIso } from '../../db/values.ts';
import { isUsablePasswordHash } from '../../lib/password.ts';

/* How the team screen reads a user of the `admins` table, and what the team repository's parts share. */

export const TEAM_MEMBER_COLUMNS = [
  'id',
  'email',
  'name',
  'role',
  'disabledAt',
  'passwordHash',
  'totpEnabledAt',
  'lastSignInAt',
  'createdAt',
] as const;
type TeamMemberRow = Pick<Selectable<DB['admins']>, (typeof TEAM_MEMBER_COLUMNS)[number]>;

function statusOf(row: Pick<TeamMemberRow, 'disabledAt' | 'passwordHash'>): TeamMemberStatus {
  if (row.disabledAt !== null) return 'disabled';
  return isUsablePasswordHash(row.passwordHash) ? 'active' : 'invited';
}

export function toTeamMember(row: TeamMemberRow): TeamMember {
  return {
    _id: row.id,
    email: row.email,
    name: row.name,
    // The column only ever holds a role (the contract's schema checks it again on the way out).
    role: row.role as Role,
    status: statusOf(row),
    twoFactor: row.totpEnabledAt !== null,
    lastSignInAt: row.lastSignInAt === null ? null : toIso(row.lastSignInAt),
    createdAt: toIso(row.createdAt),
  };
}

/**
 * The user with this id, read with `executor`; in a PostgreSQL transaction their row is locked, as every change
 * of a user locks it first.
 */
export async function findTeamMember(
  executor: Executor,
  dialect: Dialect,
  id: string,
): Promise<TeamMember | undefined> {
  const row = await executor
    .selectFrom('admins')
    .select(TEAM_MEMBER_COLUMNS)
    .where('id', '=', id)
    .$if(dialect === 'postgres' && executor.isTransaction, (query) => query.forUpdate())
    .executeTakeFirst();
  return row && toTeamMember(row);
}

/** What signs a user out everywhere: the admin-auth feature's session repository, passed in by app.ts. */
export interface TeamSessions {
  deleteForAdmin(adminId: string, options: { except?: string }, trx: Executor): Promise<void>;
}

/** What the team repository's parts work with. */
export interface TeamStore {
  db: Kysely<DB>;
  dialect: Dialect;
  sessions: TeamSessions;
  /** The current time, as an ISO string. */
  now: () => string;
}
