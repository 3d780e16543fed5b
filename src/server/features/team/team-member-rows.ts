import type { Kysely, Transaction } from 'kysely';
import type { TeamMember } from '../../../shared/contracts/team.ts';
import type { Role } from '../../../shared/rules/roles.ts';
import type { TeamMemberStatus } from '../../../shared/rules/team.ts';
import type { Executor } from '../../db/repository-support.ts';
import type { DB } from '../../db/schema.ts';
import { isUsablePasswordHash } from '../../lib/password.ts';

/* How the team screen reads a back-office user, and what the team repository's parts share. */

/** A user's row as the team reads it (the admin-auth feature's accounts); times as ISO strings. */
interface TeamAccount {
  id: string;
  email: string;
  name: string;
  role: string;
  disabledAt: string | null;
  passwordHash: string;
  totpEnabledAt: string | null;
  lastSignInAt: string | null;
  createdAt: string;
}

/** A new user's row. */
interface NewTeamAccount {
  id: string;
  email: string;
  name: string;
  role: Role;
  passwordHash: string;
  /** The password was chosen for the user, who is asked to choose their own. */
  passwordToChange: boolean;
  createdAt: string;
}

/** What a change of a user sets; the columns left out keep their values. */
interface TeamAccountChanges {
  name?: string;
  role?: Role;
  disabledAt?: string | null;
  passwordHash?: string;
  /** The password was chosen for the user, who is asked to choose their own. */
  passwordToChange?: boolean;
  updatedAt: string;
}

/**
 * The users' rows, which the admin-auth feature owns: its accounts, passed in by app.ts. On PostgreSQL a
 * lock holds a row until the transaction ends; SQLite runs one write transaction at a time.
 */
export interface TeamAccounts {
  find(id: string, executor: Executor, options: { forUpdate: boolean }): Promise<TeamAccount | undefined>;
  list(): Promise<TeamAccount[]>;
  emailTaken(email: string): Promise<boolean>;
  /** The ids of the active administrators, their rows locked in id order. */
  lockActiveAdministrators(trx: Transaction<DB>): Promise<string[]>;
  insert(account: NewTeamAccount, executor: Executor): Promise<void>;
  /** False when no row changed; `unlessDisabled` leaves a disabled user as they are. */
  update(
    id: string,
    changes: TeamAccountChanges,
    executor: Executor,
    options?: { unlessDisabled?: boolean },
  ): Promise<boolean>;
  delete(id: string, executor: Executor): Promise<void>;
}

function statusOf(account: Pick<TeamAccount, 'disabledAt' | 'passwordHash'>): TeamMemberStatus {
  if (account.disabledAt !== null) return 'disabled';
  return isUsablePasswordHash(account.passwordHash) ? 'active' : 'invited';
}

export function toTeamMember(account: TeamAccount): TeamMember {
  return {
    _id: account.id,
    email: account.email,
    name: account.name,
    // The column only ever holds a role (the contract's schema checks it again on the way out).
    role: account.role as Role,
    status: statusOf(account),
    twoFactor: account.totpEnabledAt !== null,
    lastSignInAt: account.lastSignInAt,
    createdAt: account.createdAt,
  };
}

/**
 * The user with this id, read with `executor`; in a transaction their row is locked, as every change of a
 * user locks it first.
 */
export async function findTeamMember(
  accounts: TeamAccounts,
  executor: Executor,
  id: string,
): Promise<TeamMember | undefined> {
  const account = await accounts.find(id, executor, { forUpdate: executor.isTransaction });
  return account && toTeamMember(account);
}

/** What signs a user out everywhere: the admin-auth feature's session repository, passed in by app.ts. */
export interface TeamSessions {
  deleteForAdmin(adminId: string, options: { except?: string }, trx: Executor): Promise<void>;
}

/** What the team repository's parts work with. */
export interface TeamStore {
  db: Kysely<DB>;
  accounts: TeamAccounts;
  sessions: TeamSessions;
  /** The current time, as an ISO string. */
  now: () => string;
}
