import type { TeamMember } from '../../../shared/contracts/team.ts';
import type { Executor } from '../../db/repository-support.ts';
import { toIso } from '../../db/values.ts';
import { unusablePasswordHash } from '../../lib/password.ts';
import { findTeamMember, type TeamStore } from './team-member-rows.ts';

/*
 * A team user's password and invitations: set by an administrator, reset to a new invitation, or chosen by
 * the user through an invitation's link. Each signs the user out everywhere.
 */

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

/** Gives `adminId` a new invitation with `trx`, ending the older ones. */
export async function addInvitation(
  trx: Executor,
  adminId: string,
  invitation: NewInvitation,
  createdAt: string,
): Promise<void> {
  // A new link ends the older ones: only the latest one given out works.
  await trx.deleteFrom('adminInvitations').where('adminId', '=', adminId).execute();
  await trx
    .insertInto('adminInvitations')
    .values({ tokenHash: invitation.tokenHash, adminId, expiresAt: invitation.expiresAt, createdAt })
    .execute();
}

/** The team repository's password and invitation changes. */
export function createTeamPasswords({ db, accounts, sessions, now }: TeamStore) {
  const findById = (id: string, trx: Executor) => findTeamMember(accounts, trx, id);
  return {
    /**
     * Gives a user a new password: their invitations end and every session of theirs is signed out.
     * `toChange`: the password was generated for them, and they are asked to choose their own.
     */
    async setPassword(
      id: string,
      passwordHash: string,
      { toChange }: { toChange: boolean },
    ): Promise<TeamMember | undefined> {
      return db.transaction().execute(async (trx) => {
        const changes = { passwordHash, passwordToChange: toChange, updatedAt: now() };
        if (!(await accounts.update(id, changes, trx))) return undefined;
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
    async resetPassword(id: string, invitation: NewInvitation): Promise<TeamMember | undefined> {
      return db.transaction().execute(async (trx) => {
        const changes = { passwordHash: unusablePasswordHash(), updatedAt: now() };
        if (!(await accounts.update(id, changes, trx))) return undefined;
        await addInvitation(trx, id, invitation, now());
        await sessions.deleteForAdmin(id, {}, trx);
        return findById(id, trx);
      });
    },

    /** Gives a user a new invitation, ending the older ones; false when the user does not exist. */
    async invite(id: string, invitation: NewInvitation): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        if (!(await findById(id, trx))) return false;
        await addInvitation(trx, id, invitation, now());
        return true;
      });
    },

    /** The invitation with this token hash, if it still works: not expired, for a user not disabled. */
    async findInvitation(tokenHash: string): Promise<InvitationRecord | undefined> {
      const row = await db
        .selectFrom('adminInvitations')
        .select(['adminId', 'expiresAt'])
        .where('tokenHash', '=', tokenHash)
        .where('expiresAt', '>', now())
        .executeTakeFirst();
      const user = row && (await accounts.find(row.adminId, db, { forUpdate: false }));
      if (!row || !user || user.disabledAt !== null) return undefined;
      return { adminId: row.adminId, email: user.email, name: user.name, expiresAt: toIso(row.expiresAt) };
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
        const changes = { passwordHash, passwordToChange: false, updatedAt: now() };
        if (!(await accounts.update(adminId, changes, trx, { unlessDisabled: true }))) return false;
        await trx.deleteFrom('adminInvitations').where('adminId', '=', adminId).execute();
        await sessions.deleteForAdmin(adminId, {}, trx);
        return true;
      });
    },
  };
}
