import type { Kysely, Transaction } from 'kysely';
import type {
  ContactInquiryCreate,
  InquiryService,
  InquiryStatus,
} from '../../../shared/contact-inquiries.ts';
import type { DB } from '../../db/schema.ts';
import { fromFlag, newId, nowIso, toIso } from '../../db/values.ts';

type Executor = Kysely<DB> | Transaction<DB>;

/** What the contact form sends, without the honeypot (a filled honeypot is never stored). */
export type NewInquiry = Omit<ContactInquiryCreate, 'website'>;

export interface InquiryRecord {
  _id: string;
  name: string;
  phone: string;
  email: string;
  city: string;
  query: string;
  service: InquiryService;
  status: InquiryStatus;
  isRead: boolean;
  createdAt: string;
  updatedAt: string;
}

export function createContactInquiryRepository(db: Kysely<DB>) {
  return {
    /** Stores a new inquiry (status new, unread) and returns its id. */
    async create(input: NewInquiry, trx: Executor = db): Promise<string> {
      const id = newId();
      const now = nowIso();
      await trx
        .insertInto('contactInquiries')
        .values({
          id,
          name: input.name,
          phone: input.phone,
          email: input.email,
          city: input.city,
          query: input.query,
          service: input.service,
          createdAt: now,
          updatedAt: now,
        })
        .execute();
      return id;
    },

    async findById(id: string, trx: Executor = db): Promise<InquiryRecord | undefined> {
      const row = await trx
        .selectFrom('contactInquiries')
        .select([
          'id',
          'name',
          'phone',
          'email',
          'city',
          'query',
          'service',
          'status',
          'isRead',
          'createdAt',
          'updatedAt',
        ])
        .where('id', '=', id)
        .executeTakeFirst();
      return (
        row && {
          _id: row.id,
          name: row.name,
          phone: row.phone,
          email: row.email,
          city: row.city,
          query: row.query,
          service: row.service as InquiryService,
          status: row.status as InquiryStatus,
          isRead: fromFlag(row.isRead),
          createdAt: toIso(row.createdAt),
          updatedAt: toIso(row.updatedAt),
        }
      );
    },

    async count(trx: Executor = db): Promise<number> {
      const row = await trx
        .selectFrom('contactInquiries')
        .select((eb) => eb.fn.countAll().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
  };
}

export type ContactInquiryRepository = ReturnType<typeof createContactInquiryRepository>;
