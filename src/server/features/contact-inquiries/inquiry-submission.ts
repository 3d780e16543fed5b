import type { FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { GroupCommit } from '../../db/group-commit.ts';
import { newId } from '../../db/values.ts';
import { HttpError } from '../../plugins/errors.ts';
import { consumePoint, createLimiter } from '../../plugins/rate-limits.ts';
import type { ContactInquiryRepository } from './repository.ts';
import type { ContactInquiryBody } from './schemas.ts';

export interface InquirySubmissionDeps {
  contactInquiries: ContactInquiryRepository;
  /** The database's group commit: a burst of inquiries shares one sync to disk. */
  groupCommit: GroupCommit;
  /** Inquiries accepted per client IP per hour (INQUIRY_LIMIT_PER_HOUR). */
  limitPerHour: number;
  redis?: Redis;
}

/** Takes a checked inquiry: the id it is stored under, or an HttpError (429 when the limit is spent). */
export type SubmitInquiry = (request: FastifyRequest, input: ContactInquiryBody) => Promise<string>;

const HOUR_SECONDS = 60 * 60;

function tooManyInquiries(retryAfterSeconds: number): HttpError {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return new HttpError(
    429,
    `Too many messages from your connection. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    undefined,
    { 'retry-after': String(retryAfterSeconds) },
  );
}

/**
 * How an inquiry is taken, whichever way it comes (the form's JSON call, or the form posted natively by a
 * browser without script): one limiter, one honeypot rule, one way to the table.
 */
export function inquirySubmission({
  contactInquiries,
  groupCommit,
  limitPerHour,
  redis,
}: InquirySubmissionDeps): SubmitInquiry {
  const perIp = createLimiter(
    { keyPrefix: 'inquiry-ip', points: limitPerHour, durationSeconds: HOUR_SECONDS },
    redis,
  );
  return async (request, { website, ...inquiry }) => {
    // Every well-formed post counts, a bot's included: the limit is what bounds a flood.
    const wait = await consumePoint(perIp, request.ip);
    if (wait > 0) throw tooManyInquiries(wait);
    if (website) {
      // Honeypot: only bots fill in the hidden field. They get the answer a person gets, and nothing is
      // stored, so they have no signal to adapt to.
      request.log.info('contact form honeypot filled in; inquiry discarded');
      return newId();
    }
    // Answered only once committed, and on SQLite synced to disk (decision 012).
    return groupCommit((trx) => contactInquiries.create(inquiry, trx));
  };
}
