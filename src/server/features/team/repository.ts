import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import type { TeamSessions, TeamStore } from './team-member-rows.ts';
import { createTeamMembers } from './team-members.ts';
import { createTeamPasswords } from './team-passwords.ts';

/**
 * The back office's users (the `admins` table) as the team screen manages them, and their invitations:
 * the users and their guarded changes (team-members.ts), their passwords and invitations (team-passwords.ts).
 * Every change that could remove an active administrator checks and changes in one transaction.
 */
export function createTeamRepository(
  db: Kysely<DB>,
  dialect: Dialect,
  { sessions, clock }: { sessions: TeamSessions; clock: () => number },
) {
  const store: TeamStore = { db, dialect, sessions, now: () => new Date(clock()).toISOString() };
  return { ...createTeamMembers(store), ...createTeamPasswords(store) };
}

export type TeamRepository = ReturnType<typeof createTeamRepository>;
