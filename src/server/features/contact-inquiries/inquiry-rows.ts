import type { Selectable } from 'kysely';
import type { Inquiry } from '../../../shared/contracts/contact-inquiries.ts';
import type { InquiryService, InquiryStatus } from '../../../shared/rules/contact-inquiries.ts';
import { isLocale } from '../../../shared/rules/locales.ts';
import type { Executor } from '../../db/repository-support.ts';
import type { DB } from '../../db/schema.ts';
import { fromFlag, toIso } from '../../db/values.ts';
import { formatPhone } from '../../lib/phone-numbers.ts';
import { teamMemberName } from './inquiry-events.ts';

/** The columns an inquiry is read with; its assignee's name and email are read after (toInquiries). */
export const INQUIRY_COLUMNS = [
  'contactInquiries.id',
  'contactInquiries.name',
  'contactInquiries.phone',
  'contactInquiries.email',
  'contactInquiries.city',
  'contactInquiries.query',
  'contactInquiries.service',
  'contactInquiries.status',
  'contactInquiries.isRead',
  'contactInquiries.language',
  'contactInquiries.assignedTo',
  'contactInquiries.createdAt',
  'contactInquiries.updatedAt',
] as const;

type InquiryRow = Pick<
  Selectable<DB['contactInquiries']>,
  | 'id'
  | 'name'
  | 'phone'
  | 'email'
  | 'city'
  | 'query'
  | 'service'
  | 'status'
  | 'isRead'
  | 'language'
  | 'assignedTo'
  | 'createdAt'
  | 'updatedAt'
>;

/**
 * The team members inquiries are assigned to: the admin-auth feature's accounts, passed in by app.ts. Read
 * with the executor given, so that a change reads them in its own transaction.
 */
export interface InquiryTeam {
  /** The name and email of each of these users that still exists. */
  namesOf(ids: readonly string[], executor: Executor): Promise<Map<string, { name: string; email: string }>>;
  /** The active users with one of `roles` (only the one of `id` when given), by name then email. */
  activeWithRoles(
    roles: readonly string[],
    executor: Executor,
    id?: string,
  ): Promise<{ id: string; name: string; email: string }[]>;
}

/** An inquiry as the API gives it, from its row read with INQUIRY_COLUMNS and its assignee's names. */
function toInquiry(row: InquiryRow, assignee: { name: string; email: string } | undefined): Inquiry {
  return {
    _id: row.id,
    name: row.name,
    phone: row.phone,
    phoneDisplay: formatPhone(row.phone),
    email: row.email,
    city: row.city,
    query: row.query,
    service: row.service as InquiryService,
    status: row.status as InquiryStatus,
    isRead: fromFlag(row.isRead),
    language: isLocale(row.language) ? row.language : 'en',
    assignee:
      row.assignedTo === null
        ? null
        : { _id: row.assignedTo, name: teamMemberName(assignee?.name ?? '', assignee?.email ?? '') },
    createdAt: toIso(row.createdAt),
    updatedAt: toIso(row.updatedAt),
  };
}

/**
 * The inquiries as the API gives them, from their rows read with INQUIRY_COLUMNS by `trx`: their assignees'
 * names are read after, by key and with the same `trx`.
 */
export async function toInquiries(team: InquiryTeam, trx: Executor, rows: InquiryRow[]): Promise<Inquiry[]> {
  const assigned = new Set(rows.flatMap((row) => (row.assignedTo === null ? [] : [row.assignedTo])));
  const names =
    assigned.size === 0
      ? new Map<string, { name: string; email: string }>()
      : await team.namesOf([...assigned], trx);
  return rows.map((row) => toInquiry(row, row.assignedTo === null ? undefined : names.get(row.assignedTo)));
}

/** The inquiry of this id, or undefined when there is none. */
export async function findInquiry(
  team: InquiryTeam,
  trx: Executor,
  id: string,
): Promise<Inquiry | undefined> {
  const row = await trx
    .selectFrom('contactInquiries')
    .select(INQUIRY_COLUMNS)
    .where('contactInquiries.id', '=', id)
    .executeTakeFirst();
  return row && (await toInquiries(team, trx, [row]))[0];
}

/** The inquiries of these `seq` numbers, newest first, read by key. */
export async function inquiriesBySeq(team: InquiryTeam, trx: Executor, seqs: number[]): Promise<Inquiry[]> {
  if (seqs.length === 0) return [];
  const rows = await trx
    .selectFrom('contactInquiries')
    .select(INQUIRY_COLUMNS)
    .where('contactInquiries.seq', 'in', seqs)
    .orderBy('contactInquiries.seq', 'desc')
    .execute();
  return toInquiries(team, trx, rows);
}
