import type { Kysely } from 'kysely';
import type { Inquiry, InquiryAssigneeOption } from '../../../shared/contracts/contact-inquiries.ts';
import type { InquiryReplyChannel, InquiryStatus } from '../../../shared/rules/contact-inquiries.ts';
import { canUse, ROLES } from '../../../shared/rules/roles.ts';
import type { Dialect } from '../../db/database.ts';
import type { Executor } from '../../db/repository-support.ts';
import type { DB } from '../../db/schema.ts';
import { fromFlag, nowIso, toFlag } from '../../db/values.ts';
import { type InquiryActor, recordInquiryEvent, teamMemberName } from './inquiry-events.ts';
import { findInquiry, type InquiryTeam } from './inquiry-rows.ts';

/*
 * The changes the team makes to an inquiry: its status, read mark and assignee, its deletion, and the
 * opened reply links. Each runs in one transaction with its entry in the inquiry's history and with the
 * change listener (webhooks), so none of them is ever recorded without the others.
 */

/** Told of a change of an inquiry in the change's transaction (webhooks' inquiry.updated and .deleted). */
export type InquiryChangeListener = (
  trx: Executor,
  change: 'inquiry.updated' | 'inquiry.deleted',
  inquiry: Inquiry,
) => Promise<void>;

/** What the changes run on. */
export interface InquiryChangeContext {
  /** The database, or the transaction the repository was made on (the demo seed). */
  db: Kysely<DB>;
  dialect: Dialect;
  /** Who inquiries can be assigned to, and their names. */
  team: InquiryTeam;
  clock: () => number;
  /** Told of each change in its transaction, with the inquiry as it is then (or was, when deleted). */
  onChange?: InquiryChangeListener | undefined;
}

/** The back-office roles an inquiry can be assigned to. */
const INBOX_ROLES = ROLES.filter((role) => canUse(role, 'inbox'));

/** Runs `work` in a transaction, or in the caller's when the repository was made on one (the demo seed). */
const atomically = <T>(db: Kysely<DB>, work: (trx: Executor) => Promise<T>): Promise<T> =>
  db.isTransaction ? work(db) : db.transaction().execute(work);

/** The inquiry's status, read mark and assignee as they are, locked for a change on PostgreSQL. */
const lockForChange = (dialect: Dialect, trx: Executor, id: string) =>
  trx
    .selectFrom('contactInquiries')
    .select(['status', 'assignedTo', 'isRead'])
    .where('id', '=', id)
    .$if(dialect === 'postgres', (query) => query.forUpdate())
    .executeTakeFirst();

/** The inquiry as it is now; the listener is told of it when `didChange`. */
async function changed(
  { team, onChange }: InquiryChangeContext,
  trx: Executor,
  id: string,
  didChange: boolean,
): Promise<Inquiry | undefined> {
  const inquiry = await findInquiry(team, trx, id);
  if (inquiry && didChange) await onChange?.(trx, 'inquiry.updated', inquiry);
  return inquiry;
}

/** The users an inquiry may be assigned to (only the one of `id` when given): active, with the inbox. */
const assignable = ({ team }: InquiryChangeContext, trx: Executor, id?: string) =>
  team.activeWithRoles(INBOX_ROLES, trx, id);

/**
 * Sets the status (the update time moves) and, when it changed, records who changed it in the history
 * (`actor` null: nobody's, e.g. the demo content). Undefined when there is no such inquiry.
 */
export function setInquiryStatus(
  context: InquiryChangeContext,
  id: string,
  status: InquiryStatus,
  actor: InquiryActor | null,
): Promise<Inquiry | undefined> {
  return atomically(context.db, async (trx) => {
    const current = await lockForChange(context.dialect, trx, id);
    if (!current) return undefined;
    const now = nowIso(context.clock);
    await trx.updateTable('contactInquiries').set({ status, updatedAt: now }).where('id', '=', id).execute();
    if (actor && current.status !== status) {
      await recordInquiryEvent(trx, id, actor, now, {
        kind: 'status',
        from: current.status as InquiryStatus,
        to: status,
      });
    }
    return changed(context, trx, id, current.status !== status);
  });
}

/** Marks read or unread. Reading is not an edit, so the update time stays. */
export function setInquiryRead(
  context: InquiryChangeContext,
  id: string,
  isRead: boolean,
): Promise<Inquiry | undefined> {
  return atomically(context.db, async (trx) => {
    const current = await lockForChange(context.dialect, trx, id);
    if (!current) return undefined;
    await trx
      .updateTable('contactInquiries')
      .set({ isRead: toFlag(isRead) })
      .where('id', '=', id)
      .execute();
    return changed(context, trx, id, fromFlag(current.isRead) !== isRead);
  });
}

/**
 * Assigns the inquiry to a team member, or to nobody (`userId` null), and records it in the history when
 * that changed. Assigning is not an edit of the inquiry: its update time stays. `not-assignable` when
 * the user does not exist, is disabled or has a role without the inbox.
 */
export function setInquiryAssignee(
  context: InquiryChangeContext,
  id: string,
  userId: string | null,
  actor: InquiryActor,
): Promise<Inquiry | 'not-assignable' | undefined> {
  return atomically(context.db, async (trx) => {
    const current = await lockForChange(context.dialect, trx, id);
    if (!current) return undefined;
    const assignee = userId === null ? null : (await assignable(context, trx, userId))[0];
    if (assignee === undefined) return 'not-assignable';
    if ((assignee?.id ?? null) !== current.assignedTo) {
      const previous =
        current.assignedTo === null
          ? undefined
          : (await context.team.namesOf([current.assignedTo], trx)).get(current.assignedTo);
      const previousName = previous ? teamMemberName(previous.name, previous.email) : null;
      await trx
        .updateTable('contactInquiries')
        .set({ assignedTo: assignee?.id ?? null })
        .where('id', '=', id)
        .execute();
      const now = nowIso(context.clock);
      if (assignee) {
        await recordInquiryEvent(trx, id, actor, now, {
          kind: 'assigned',
          assignee: teamMemberName(assignee.name, assignee.email),
          previous: previousName,
        });
      } else if (previousName !== null) {
        await recordInquiryEvent(trx, id, actor, now, { kind: 'unassigned', previous: previousName });
      }
    }
    return changed(context, trx, id, (assignee?.id ?? null) !== current.assignedTo);
  });
}

/** The team members inquiries can be assigned to, by name. */
export async function inquiryAssignees(context: InquiryChangeContext): Promise<InquiryAssigneeOption[]> {
  const rows = await assignable(context, context.db);
  return rows
    .map((row) => ({ _id: row.id, name: teamMemberName(row.name, row.email), email: row.email }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Records in the history that `actor` opened one of the inquiry's reply links; false without the inquiry. */
export function recordReplyLink(
  context: InquiryChangeContext,
  id: string,
  channel: InquiryReplyChannel,
  actor: InquiryActor,
  /** The title of the reply template the link's text came from. */
  template?: string,
): Promise<boolean> {
  return atomically(context.db, async (trx) => {
    // Held until the entry is written, so a delete meanwhile cannot make the entry's insert fail.
    const current = await lockForChange(context.dialect, trx, id);
    if (!current) return false;
    await recordInquiryEvent(trx, id, actor, nowIso(context.clock), {
      kind: 'reply-link',
      channel,
      ...(template === undefined ? {} : { template }),
    });
    return true;
  });
}

/** Deletes the inquiry; its listener is told of it as it was. False when there is none. */
export function deleteInquiry(context: InquiryChangeContext, id: string): Promise<boolean> {
  const { onChange } = context;
  return atomically(context.db, async (trx) => {
    const current =
      onChange &&
      (await lockForChange(context.dialect, trx, id)) &&
      (await findInquiry(context.team, trx, id));
    const result = await trx.deleteFrom('contactInquiries').where('id', '=', id).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) return false;
    if (current) await onChange?.(trx, 'inquiry.deleted', current);
    return true;
  });
}

/** Tells the listener that the inquiry changed (a note), in the caller's transaction. */
export async function noteChanged(context: InquiryChangeContext, id: string, trx: Executor): Promise<void> {
  await changed(context, trx, id, true);
}
