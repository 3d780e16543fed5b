import type { Selectable } from 'kysely';
import type { Inquiry } from '../../../shared/contracts/contact-inquiries.ts';
import type { InquiryService, InquiryStatus } from '../../../shared/rules/contact-inquiries.ts';
import { isLocale } from '../../../shared/rules/locales.ts';
import type { Executor } from '../../db/repository-support.ts';
import type { DB } from '../../db/schema.ts';
import { fromFlag, toIso } from '../../db/values.ts';
import { formatPhone } from '../../lib/phone-numbers.ts';
import { teamMemberName } from './inquiry-events.ts';

/** The columns an inquiry is read with, its assignee's name and email included. */
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
  'assignee.name as assigneeName',
  'assignee.email as assigneeEmail',
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
> & { assigneeName: string | null; assigneeEmail: string | null };

/** The inquiries with the name of the user each is assigned to (a key lookup per row read). */
export const inquiriesWithAssignee = (trx: Executor) =>
  trx
    .selectFrom('contactInquiries')
    .leftJoin('admins as assignee', 'assignee.id', 'contactInquiries.assignedTo');

/** An inquiry as the API gives it, from its row read with INQUIRY_COLUMNS. */
export function toInquiry(row: InquiryRow): Inquiry {
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
        : { _id: row.assignedTo, name: teamMemberName(row.assigneeName ?? '', row.assigneeEmail ?? '') },
    createdAt: toIso(row.createdAt),
    updatedAt: toIso(row.updatedAt),
  };
}

/** The inquiry of this id, or undefined when there is none. */
export async function findInquiry(trx: Executor, id: string): Promise<Inquiry | undefined> {
  const row = await inquiriesWithAssignee(trx)
    .select(INQUIRY_COLUMNS)
    .where('contactInquiries.id', '=', id)
    .executeTakeFirst();
  return row && toInquiry(row);
}

/** The inquiries of these `seq` numbers, newest first, read by key. */
export async function inquiriesBySeq(trx: Executor, seqs: number[]): Promise<Inquiry[]> {
  if (seqs.length === 0) return [];
  const rows = await inquiriesWithAssignee(trx)
    .select(INQUIRY_COLUMNS)
    .where('contactInquiries.seq', 'in', seqs)
    .orderBy('contactInquiries.seq', 'desc')
    .execute();
  return rows.map(toInquiry);
}
