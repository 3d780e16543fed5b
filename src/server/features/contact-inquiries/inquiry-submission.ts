import type { FastifyRequest } from 'fastify';
import type { GroupCommit } from '../../db/group-commit.ts';
import { newId } from '../../db/values.ts';
import type { OutboxPort } from '../../outbox/outbox.ts';
import type { InquiryLimits } from './inquiry-limits.ts';
import type { ContactInquiryRepository } from './repository.ts';
import type { ContactInquiryBody } from './schemas.ts';

/**
 * The outbox as the form writes to it: the entry goes in the inquiry's transaction, so both commit or neither
 * (decision 031), with an ordering key that puts it before the inquiry's later events (decision 042).
 */
export type InquiryOutbox = Pick<OutboxPort<'inquiry.created', { inquiryId: string }>, 'enqueue' | 'nudge'>;

/** The ordering key of an inquiry's events: its webhooks leave in the order the changes happened. */
function inquiryOrderingKey(inquiryId: string): string {
  return `inquiry:${inquiryId}`;
}

export interface InquirySubmissionDeps {
  contactInquiries: ContactInquiryRepository;
  /** The database's group commit: a burst of inquiries shares one sync to disk. */
  groupCommit: GroupCommit;
  /** Per sender, per address, and the proof of work of a busy address (decision 027). */
  limits: InquiryLimits;
  /** Where the notification of a new inquiry is written, in the inquiry's transaction (decision 031). */
  outbox: InquiryOutbox;
  /** Told of each inquiry once it is committed (its assignment on arrival, the open inboxes' live updates). */
  onCommitted?: (id: string) => Promise<void> | void;
}

/**
 * Takes a checked inquiry: the id it is stored under, or an HttpError (428 with a proof-of-work challenge when
 * the address is busy, 429 when a limit is spent).
 */
export type SubmitInquiry = (request: FastifyRequest, input: ContactInquiryBody) => Promise<string>;

/**
 * How an inquiry is taken, whichever way it comes (the form's JSON call, or the form posted natively by a
 * browser without script): one set of limits (decision 027), one honeypot rule, one way to the table.
 */
export function inquirySubmission({
  contactInquiries,
  groupCommit,
  limits,
  outbox,
  onCommitted,
}: InquirySubmissionDeps): SubmitInquiry {
  return async (request, { website, ...inquiry }) => {
    // Every well-formed post counts, a bot's included: the limits are what bound a flood.
    const proofOfWork = request.headers['x-proof-of-work'];
    await limits.admit({
      ip: request.ip,
      email: inquiry.email,
      phone: inquiry.phone,
      proofOfWork: typeof proofOfWork === 'string' ? proofOfWork : undefined,
    });
    if (website) {
      // Honeypot: only bots fill in the hidden field. They get the answer a person gets, and nothing is
      // stored, so they have no signal to adapt to.
      request.log.info('contact form honeypot filled in; inquiry discarded');
      return newId();
    }
    // Answered only once committed, and on SQLite synced to disk (decision 012); its notification is
    // committed with it, so neither exists without the other (decision 031).
    const id = await groupCommit(async (trx) => {
      const created = await contactInquiries.create(inquiry, trx);
      await outbox.enqueue(
        trx,
        'inquiry.created',
        { inquiryId: created },
        { orderingKey: inquiryOrderingKey(created) },
      );
      return created;
    });
    outbox.nudge();
    await onCommitted?.(id);
    return id;
  };
}
