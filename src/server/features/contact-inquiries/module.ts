import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { LiveEvent } from '../../../shared/contracts/live-events.ts';
import type { SiteSettings } from '../../../shared/contracts/site-settings.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { encapsulated } from '../../lib/encapsulated.ts';
import type { ProofOfWork } from '../../proof-of-work/proof-of-work.ts';
import type { InquiryChangeListener } from './inquiry-changes.ts';
import { createInquiryEventRepository } from './inquiry-events.ts';
import { createInquiryLimits } from './inquiry-limits.ts';
import { createInquiryNoteRepository } from './inquiry-notes-repository.ts';
import type { InquiryTeam } from './inquiry-rows.ts';
import { type InquiryOutbox, inquirySubmission } from './inquiry-submission.ts';
import { inquiryTeamRoutes } from './inquiry-team-routes.ts';
import { overdueForDigest, overdueInquiries } from './overdue.ts';
import { typicalReplyTime } from './reply-time.ts';
import { createContactInquiryRepository } from './repository.ts';
import { contactInquiryRoutes, inquiryInboxRoutes } from './routes.ts';

export interface ContactInquiriesModuleDeps {
  config: Pick<
    Config,
    'INQUIRY_LIMIT_PER_HOUR' | 'INQUIRY_LIMIT_PER_SENDER_PER_HOUR' | 'INQUIRY_CHALLENGE_AFTER_PER_HOUR'
  >;
  database: Pick<Database, 'db' | 'dialect' | 'groupCommit'>;
  /** Where a new inquiry's notification is written, in the inquiry's transaction (decision 031). */
  outbox: InquiryOutbox;
  proofOfWork: ProofOfWork;
  redis: Redis | undefined;
  clock: () => number;
  timeZone: () => Promise<string>;
  /** The opening hours, which say which inquiries came while the business was open (decision 075). */
  settings: () => Promise<Pick<SiteSettings, 'openingHours' | 'timeZone'>>;
  /** Told of each change in its transaction (the webhooks' events, decision 042). */
  onChange: InquiryChangeListener;
  /** Tells the open back offices (the live updates). */
  publish: (event: LiveEvent) => void;
  /** Who inquiries are assigned to, and their names (the admin-auth feature's accounts). */
  accounts: InquiryTeam;
  /** Who a new inquiry is assigned to as it arrives (a member on duty), or null (decision 076). */
  assigneeOnArrival: () => Promise<string | null>;
  /** A reply template's title by its id, for the history (the reply-templates feature's). */
  templateTitle: (id: string) => Promise<string | undefined>;
  /** After how many business hours a waiting inquiry is overdue (site-settings'). */
  overdueAfterHours: () => Promise<number>;
  log: FastifyBaseLogger;
}

/** Who the inquiry's history says assigned a new inquiry to a member on duty: no one of the team. */
const ON_DUTY_ACTOR = { id: null, name: 'Automatic (on duty)' };

/** The contact form's inquiries, and the inbox where the team answers them. */
export function createContactInquiriesModule(deps: ContactInquiriesModuleDeps) {
  const { config, database, clock, redis, publish } = deps;
  const { db, dialect } = database;
  const contactInquiries = createContactInquiryRepository(db, dialect, {
    team: deps.accounts,
    clock,
    onChange: deps.onChange,
  });
  // One submission (one set of limits) for the form's JSON call and the form posted without script.
  const submitInquiry = inquirySubmission({
    contactInquiries,
    groupCommit: database.groupCommit,
    outbox: deps.outbox,
    onCommitted: async (id) => {
      try {
        const assignee = await deps.assigneeOnArrival();
        if (assignee) await contactInquiries.setAssignee(id, assignee, ON_DUTY_ACTOR);
      } catch (error) {
        // The inquiry is kept all the same, unassigned, as it would be without the setting.
        deps.log.warn(
          { err: error, inquiryId: id },
          'a new inquiry could not be assigned to a member on duty',
        );
      }
      publish({ type: 'inquiry.created', id });
    },
    limits: createInquiryLimits(
      {
        perAddressPerHour: config.INQUIRY_LIMIT_PER_HOUR,
        perSenderPerHour: config.INQUIRY_LIMIT_PER_SENDER_PER_HOUR,
        challengeAfterPerHour: config.INQUIRY_CHALLENGE_AFTER_PER_HOUR,
      },
      { proofOfWork: deps.proofOfWork, ...(redis ? { redis } : {}) },
    ),
  });
  return {
    contactInquiries,
    submitInquiry,
    /** The overdue inquiries, for the daily digest (decision 080). */
    overdueForDigest: overdueForDigest({ contactInquiries, ...deps }),
    /** For the contact page: "Usually replies within about 20 minutes". */
    typicalReplyMinutes: typicalReplyTime({ contactInquiries, settings: deps.settings, clock }),
    async register(app: FastifyInstance) {
      await app.register(encapsulated(contactInquiryRoutes), { submitInquiry });
      await app.register(encapsulated(inquiryInboxRoutes), {
        contactInquiries,
        overdue: overdueInquiries({ contactInquiries, ...deps }),
        timeZone: deps.timeZone,
        onChange: publish,
      });
      await app.register(encapsulated(inquiryTeamRoutes), {
        contactInquiries,
        notes: createInquiryNoteRepository(db, dialect, {
          clock,
          onChange: (trx, inquiryId) => contactInquiries.noteChanged(inquiryId, trx),
        }),
        events: createInquiryEventRepository(db),
        onChange: publish,
        templateTitle: deps.templateTitle,
      });
    },
  };
}
