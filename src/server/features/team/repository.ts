import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { createTeamPasswords } from './team-passwords.ts';
import type { TeamSessions, TeamStore } from './team-user-rows.ts';
import { createTeamUsers } from './team-users.ts';

/**
 * The back office's users (the `admins` table) as the team screen manages them, and their invitations:
 * the users and their guarded changes (team-users.ts), their passwords and invitations (team-passwords.ts).
 * Every change that could remove an active administrator checks and changes in one transaction.
 */
export function createTeamRepository(
  db: Kysely<DB>,
  dialect: Dialect,
  { sessions, clock }: { sessions: TeamSessions; clock: () => number },
) {
  const store: TeamStore = { db, dialect, sessions, now: () => new Date(clock()).toISOString() };
  return { ...createTeamUsers(store), ...createTeamPasswords(store) };
}

export type TeamRepository = ReturnType<typeof createTeamRepository>;
