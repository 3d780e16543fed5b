import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { TeamAccounts, TeamSessions, TeamStore } from './team-member-rows.ts';
import { createTeamMembers } from './team-members.ts';
import { createTeamPasswords } from './team-passwords.ts';

/**
 * The back office's users as the team screen manages them, and their invitations: the users and their
 * guarded changes (team-members.ts), their passwords and invitations (team-passwords.ts). The users' rows are
 * the admin-auth feature's, read and changed through `accounts`. Every change that could remove an active
 * administrator checks and changes in one transaction.
 */
export function createTeamRepository(
  db: Kysely<DB>,
  { accounts, sessions, clock }: { accounts: TeamAccounts; sessions: TeamSessions; clock: () => number },
) {
  const store: TeamStore = { db, accounts, sessions, now: () => new Date(clock()).toISOString() };
  return { ...createTeamMembers(store), ...createTeamPasswords(store) };
}

export type TeamRepository = ReturnType<typeof createTeamRepository>;
