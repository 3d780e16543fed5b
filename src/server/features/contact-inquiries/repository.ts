import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database.ts';
import type { Executor } from '../../db/repository-support.ts';
import type { DB } from '../../db/schema.ts';
import { newId, nowIso } from '../../db/values.ts';
import { listAllInquiries, listInquiries, SEARCH_COUNT_EXAMINED } from './inbox-search.ts';
import {
  deleteInquiry,
  type InquiryChangeListener,
  inquiryAssignees,
  noteChanged,
  recordReplyLink,
  setInquiryAssignee,
  setInquiryRead,
  setInquiryStatus,
} from './inquiry-changes.ts';
import {
  countInquiries,
  firstResponders,
  firstResponses,
  inquiriesPerDay,
  inquirySenderNames,
  inquiryStats,
  receivedSince,
  recentUnreadInquiries,
  respondedAmong,
  unreadInquiriesReceivedBefore,
  waitingUnansweredBefore,
} from './inquiry-reports.ts';
import { findInquiry, type InquiryTeam } from './inquiry-rows.ts';
import type { ContactInquiryBody } from './schemas.ts';

/**
 * What the contact form sends, its phone in E.164, without the honeypot (a filled one is never stored);
 * without a language, one sent from an English page.
 */
export type NewInquiry = Omit<ContactInquiryBody, 'website' | 'language'> &
  Partial<Pick<ContactInquiryBody, 'language'>>;

/**
 * The inquiries' repository: one object composing the modules of each job, the inbox search
 * (`inbox-search.ts`), the team's changes with their history (`inquiry-changes.ts`) and what other
 * features read (`inquiry-reports.ts`), all run on the same database (or transaction) and options.
 */
export function createContactInquiryRepository(
  db: Kysely<DB>,
  dialect: Dialect,
  {
    team,
    clock = Date.now,
    searchCountExamined = SEARCH_COUNT_EXAMINED,
    onChange,
  }: {
    /** Who inquiries are assigned to: the admin-auth feature's accounts. */
    team: InquiryTeam;
    clock?: () => number;
    searchCountExamined?: number;
    /** Told of each change in its transaction, with the inquiry as it is then (or was, when deleted). */
    onChange?: InquiryChangeListener;
  },
) {
  const context = { db, dialect, team, clock, searchCountExamined, onChange };
  return {
    /** Stores a new inquiry (status new, unread) and returns its id. */
    async create(input: NewInquiry, trx: Executor = db): Promise<string> {
      const id = newId();
      const now = nowIso(clock);
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
          language: input.language ?? 'en',
          createdAt: now,
          updatedAt: now,
        })
        .execute();
      return id;
    },

    findById: (id: string, trx: Executor = db) => findInquiry(team, trx, id),
    count: countInquiries.bind(undefined, context),
    list: listInquiries.bind(undefined, context),
    listAll: listAllInquiries.bind(undefined, context),
    stats: inquiryStats.bind(undefined, context),
    setStatus: setInquiryStatus.bind(undefined, context),
    setRead: setInquiryRead.bind(undefined, context),
    setAssignee: setInquiryAssignee.bind(undefined, context),
    assignees: inquiryAssignees.bind(undefined, context),
    recordReplyLink: recordReplyLink.bind(undefined, context),
    delete: deleteInquiry.bind(undefined, context),
    noteChanged: noteChanged.bind(undefined, context),
    senderNames: inquirySenderNames.bind(undefined, context),
    recentUnread: recentUnreadInquiries.bind(undefined, context),
    unreadReceivedBefore: unreadInquiriesReceivedBefore.bind(undefined, context),
    perDay: inquiriesPerDay.bind(undefined, context),
    firstResponses: firstResponses.bind(undefined, context),
    firstResponders: firstResponders.bind(undefined, context),
    receivedSince: receivedSince.bind(undefined, context),
    respondedAmong: respondedAmong.bind(undefined, context),
    waitingUnansweredBefore: waitingUnansweredBefore.bind(undefined, context),
  };
}

export type ContactInquiryRepository = ReturnType<typeof createContactInquiryRepository>;
