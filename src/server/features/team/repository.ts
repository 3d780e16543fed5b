import type { Kysely, Selectable, Transaction } from 'kysely';
import type { TeamUser } from '../../../shared/contracts/team.ts';
import type { Role } from '../../../shared/rules/roles.ts';
import type { TeamUserStatus } from '../../../shared/rules/team.ts';
import type { Dialect } from '../../db/database.ts';
import { type Executor, isUniqueViolation } from '../../db/repository-support.ts';
import type { DB } from '../../db/schema.ts';
import { newId, toIso } from '../../db/values.ts';
import { isUsablePasswordHash, unusablePasswordHash } from '../../lib/password.ts';

/** Another user already has this email (found by the unique index: two creates raced). */
export class DuplicateEmailError extends Error {
  constructor() {
    super('duplicate team user email');
  }
}

/** What signs a user out everywhere: the admin-auth feature's session repository, passed in by app.ts. */
export interface TeamSessions {
  deleteForAdmin(adminId: string, options: { except?: string }, trx: Executor): Promise<void>;
}

/** A change that would leave the site without an active administrator, by what it would have done. */
export type LastAdministratorChange = 'delete' | 'disable' | 'demote';

export type GuardedResult<T> =
  | { outcome: 'done'; value: T }
  | { outcome: 'not-found' }
  | { outcome: 'last-administrator'; change: LastAdministratorChange }
  /** An administrator may not delete or disable their own account: they would lock themselves out. */
  | { outcome: 'self'; change: 'delete' | 'disable' };

export interface TeamUserChanges {
  name?: string | undefined;
  role?: Role | undefined;
  disabled?: boolean | undefined;
}

export interface NewInvitation {
  tokenHash: string;
  expiresAt: string;
}

/** A valid invitation and the user it lets set a password. */
export interface InvitationRecord {
  adminId: string;
  email: string;
  name: string;
  expiresAt: string;
}

const COLUMNS = [
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
type TeamUserRow = Pick<Selectable<DB['admins']>, (typeof COLUMNS)[number]>;

function statusOf(row: Pick<TeamUserRow, 'disabledAt' | 'passwordHash'>): TeamUserStatus {
  if (row.disabledAt !== null) return 'disabled';
  return isUsablePasswordHash(row.passwordHash) ? 'active' : 'invited';
}

function toTeamUser(row: TeamUserRow): TeamUser {
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

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** What a change does to the set of active administrators: which of the guarded changes it is, if any. */
function removesActiveAdministrator(
  user: TeamUser,
  change: TeamUserChanges | 'delete',
): LastAdministratorChange | null {
  if (user.role !== 'administrator' || user.status !== 'active') return null;
  if (change === 'delete') return 'delete';
  if (change.disabled === true) return 'disable';
  if (change.role !== undefined && change.role !== 'administrator') return 'demote';
  return null;
}

/**
 * The back office's users (the `admins` table) as the team screen manages them, and their invitations.
 * Every change that could remove an active administrator checks and changes in one transaction.
 */
export function createTeamRepository(
  db: Kysely<DB>,
  dialect: Dialect,
  { sessions, clock }: { sessions: TeamSessions; clock: () => number },
) {
  const now = () => new Date(clock()).toISOString();

  const findById = async (id: string, trx: Executor = db): Promise<TeamUser | undefined> => {
    const row = await trx
      .selectFrom('admins')
      .select(COLUMNS)
      .where('id', '=', id)
      .$if(dialect === 'postgres' && trx.isTransaction, (query) => query.forUpdate())
      .executeTakeFirst();
    return row && toTeamUser(row);
  };

  /**
   * Runs `change` by `actorId` after making sure it leaves an active administrator and does not lock the
   * actor out. On PostgreSQL the active
   * administrators' rows are locked first (in id order, so two such transactions never deadlock): a
   * parallel change to one of them waits, and is then checked against what this one left. SQLite runs one
   * write transaction at a time.
   */
  const guarded = <T>(
    id: string,
    actorId: string,
    change: TeamUserChanges | 'delete',
    apply: (trx: Transaction<DB>, user: TeamUser) => Promise<T>,
  ): Promise<GuardedResult<T>> =>
    db.transaction().execute(async (trx) => {
      const administrators = await trx
        .selectFrom('admins')
        .select('id')
        .where('role', '=', 'administrator')
        .where('disabledAt', 'is', null)
        .where('passwordHash', 'not like', '!%')
        .orderBy('id')
        .$if(dialect === 'postgres', (query) => query.forUpdate())
        .execute();
      const user = await findById(id, trx);
      if (!user) return { outcome: 'not-found' };
      const removal = removesActiveAdministrator(user, change);
      if (removal && !administrators.some((administrator) => administrator.id !== user._id)) {
        return { outcome: 'last-administrator', change: removal };
      }
      if (user._id === actorId && (change === 'delete' || change.disabled === true)) {
        return { outcome: 'self', change: change === 'delete' ? 'delete' : 'disable' };
      }
      return { outcome: 'done', value: await apply(trx, user) };
    });

  const addInvitation = async (trx: Executor, adminId: string, invitation: NewInvitation) => {
    // A new link ends the older ones: only the latest one given out works.
    await trx.deleteFrom('adminInvitations').where('adminId', '=', adminId).execute();
    await trx
      .insertInto('adminInvitations')
      .values({ tokenHash: invitation.tokenHash, adminId, expiresAt: invitation.expiresAt, createdAt: now() })
      .execute();
  };

  return {
    findById: (id: string) => findById(id),

    /** Every user, by name (then email), whatever their state. */
    async list(): Promise<TeamUser[]> {
      const rows = await db.selectFrom('admins').select(COLUMNS).execute();
      return rows
        .map(toTeamUser)
        .sort((a, b) => byName.compare(a.name, b.name) || a.email.localeCompare(b.email));
    },

    async emailTaken(email: string): Promise<boolean> {
      const row = await db.selectFrom('admins').select('id').where('email', '=', email).executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Adds a user, with their first invitation when one is given; throws DuplicateEmailError. A password given
     * here was chosen for the user (typed or generated by the administrator): they are asked to choose their own.
     */
    async create(
      input: { email: string; name: string; role: Role; passwordHash: string },
      invitation?: NewInvitation,
    ): Promise<TeamUser> {
      const id = newId();
      const at = now();
      try {
        await db.transaction().execute(async (trx) => {
          await trx
            .insertInto('admins')
            .values({ id, ...input, passwordToChange: invitation ? 0 : 1, createdAt: at, updatedAt: at })
            .execute();
          if (invitation) await addInvitation(trx, id, invitation);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new DuplicateEmailError();
        throw error;
      }
      return (await findById(id))!;
    },

    /** Renames, changes the role, disables (signing the user out everywhere) or enables a user. */
    update(id: string, changes: TeamUserChanges, actorId: string): Promise<GuardedResult<TeamUser>> {
      return guarded(id, actorId, changes, async (trx, user) => {
        const at = now();
        // Disabling a disabled user keeps the time it was first disabled.
        let disabledAt: string | null | undefined;
        if (changes.disabled === true && user.status !== 'disabled') disabledAt = at;
        if (changes.disabled === false) disabledAt = null;
        await trx
          .updateTable('admins')
          .set({
            ...(changes.name === undefined ? {} : { name: changes.name }),
            ...(changes.role === undefined ? {} : { role: changes.role }),
            ...(disabledAt === undefined ? {} : { disabledAt }),
            updatedAt: at,
          })
          .where('id', '=', id)
          .execute();
        if (changes.disabled) await sessions.deleteForAdmin(id, {}, trx);
        return (await findById(id, trx))!;
      });
    },

    /** Deletes a user; their sessions, push subscriptions and invitations go with them (foreign keys). */
    delete(id: string, actorId: string): Promise<GuardedResult<TeamUser>> {
      return guarded(id, actorId, 'delete', async (trx, user) => {
        await trx.deleteFrom('admins').where('id', '=', id).execute();
        return user;
      });
    },

    /**
     * Gives a user a new password: their invitations end and every session of theirs is signed out.
     * `toChange`: the password was generated for them, and they are asked to choose their own.
     */
    async setPassword(
      id: string,
      passwordHash: string,
      { toChange }: { toChange: boolean },
    ): Promise<TeamUser | undefined> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('admins')
          .set({ passwordHash, passwordToChange: toChange ? 1 : 0, updatedAt: now() })
          .where('id', '=', id)
          .executeTakeFirst();
        if (result.numUpdatedRows === 0n) return undefined;
        await trx.deleteFrom('adminInvitations').where('adminId', '=', id).execute();
        await sessions.deleteForAdmin(id, {}, trx);
        return findById(id, trx);
      });
    },

    /**
     * A password reset by an administrator: the user's password stops working, they are signed out everywhere,
     * and a new invitation link is how they set the next one (no administrator ever sees it). Undefined when
     * the user does not exist.
     */
    async resetPassword(id: string, invitation: NewInvitation): Promise<TeamUser | undefined> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('admins')
          .set({ passwordHash: unusablePasswordHash(), updatedAt: now() })
          .where('id', '=', id)
          .executeTakeFirst();
        if (result.numUpdatedRows === 0n) return undefined;
        await addInvitation(trx, id, invitation);
        await sessions.deleteForAdmin(id, {}, trx);
        return findById(id, trx);
      });
    },

    /** Gives a user a new invitation, ending the older ones; false when the user does not exist. */
    async invite(id: string, invitation: NewInvitation): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        if (!(await findById(id, trx))) return false;
        await addInvitation(trx, id, invitation);
        return true;
      });
    },

    /** The invitation with this token hash, if it still works: not expired, for a user not disabled. */
    async findInvitation(tokenHash: string): Promise<InvitationRecord | undefined> {
      const row = await db
        .selectFrom('adminInvitations')
        .innerJoin('admins', 'admins.id', 'adminInvitations.adminId')
        .select(['adminInvitations.adminId', 'admins.email', 'admins.name', 'adminInvitations.expiresAt'])
        .where('adminInvitations.tokenHash', '=', tokenHash)
        .where('adminInvitations.expiresAt', '>', now())
        .where('admins.disabledAt', 'is', null)
        .executeTakeFirst();
      return row && { ...row, expiresAt: toIso(row.expiresAt) };
    },

    /**
     * Uses an invitation: sets the password, ends every invitation of the user and signs out any session
     * (a link given to a user who had a password replaces it). False when the link no longer works — used
     * by a parallel request, replaced or expired meanwhile.
     */
    async acceptInvitation(tokenHash: string, adminId: string, passwordHash: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        // The user's row first, as every change of a user locks it before their invitations and sessions:
        // a parallel delete of the user then waits for this, or this for it, and neither deadlocks.
        if (!(await findById(adminId, trx))) return false;
        // Deleting the row is what claims it: of two parallel accepts, one deletes it and the other nothing.
        const claimed = await trx
          .deleteFrom('adminInvitations')
          .where('tokenHash', '=', tokenHash)
          .where('adminId', '=', adminId)
          .where('expiresAt', '>', now())
          .executeTakeFirst();
        if (claimed.numDeletedRows === 0n) return false;
        const updated = await trx
          .updateTable('admins')
          .set({ passwordHash, passwordToChange: 0, updatedAt: now() })
          .where('id', '=', adminId)
          .where('disabledAt', 'is', null)
          .executeTakeFirst();
        if (updated.numUpdatedRows === 0n) return false;
        await trx.deleteFrom('adminInvitations').where('adminId', '=', adminId).execute();
        await sessions.deleteForAdmin(adminId, {}, trx);
        return true;
      });
    },
  };
}

export type TeamRepository = ReturnType<typeof createTeamRepository>;
