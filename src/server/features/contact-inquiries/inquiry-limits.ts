import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { HttpError } from '../../lib/http-errors.ts';
import { beginAttempt, countEvent, createLimiter, waitPhrase } from '../../lib/rate-limits.ts';
import type { ProofOfWork } from '../../proof-of-work/proof-of-work.ts';

const HOUR_SECONDS = 60 * 60;

/** The limits of the contact form, from the configuration (decision 027). */
export interface InquiryLimitSettings {
  /** Backstop per client address (INQUIRY_LIMIT_PER_HOUR): many people may share one address. */
  perAddressPerHour: number;
  /** Per email address and per phone number (INQUIRY_LIMIT_PER_SENDER_PER_HOUR): what stops a flood. */
  perSenderPerHour: number;
  /** Above this many posts in an hour from one address, each needs a proof of work (INQUIRY_CHALLENGE_AFTER_PER_HOUR). */
  challengeAfterPerHour: number;
}

/**
 * The key a phone number is counted under: the digits of the E.164 number the body schema gives, so a number
 * typed nationally, with a trunk 0 or with its country code counts as the same sender.
 */
export function inquiryPhoneKey(phone: string): string {
  return phone.replace(/\D/g, '');
}

/** Counters are kept under a digest: Redis never holds a visitor's email or phone as such. */
function counterKey(kind: string, value: string): string {
  return createHash('sha256').update(`${kind}:${value}`).digest('base64url');
}

export interface InquirySender {
  ip: string;
  email: string;
  phone: string;
  /** The `x-proof-of-work` header, when the browser solved a challenge. */
  proofOfWork: string | undefined;
}

/**
 * Decides whether an inquiry may be stored now; every well-formed post counts, a bot's included. Throws 428
 * with a challenge when the address is busy and the post carries no fresh solution, and 429 (with the wait
 * in the message and Retry-After) when the email, the phone or, as a backstop, the address has sent too many.
 */
export function createInquiryLimits(
  settings: InquiryLimitSettings,
  { proofOfWork, redis }: { proofOfWork: ProofOfWork; redis?: Redis },
) {
  const hourly = (keyPrefix: string, points: number) =>
    createLimiter({ keyPrefix, points, durationSeconds: HOUR_SECONDS }, redis);
  const seen = hourly('inquiry-ip-seen', settings.challengeAfterPerHour);
  const perAddress = hourly('inquiry-ip', settings.perAddressPerHour);
  const perEmail = hourly('inquiry-email', settings.perSenderPerHour);
  const perPhone = hourly('inquiry-phone', settings.perSenderPerHour);
  const refusals = new Map([
    [perAddress, 'Too many messages from your connection.'],
    [perEmail, 'Too many messages from this email address.'],
    [perPhone, 'Too many messages from this phone number.'],
  ]);

  return {
    async admit({ ip, email, phone, proofOfWork: solution }: InquirySender): Promise<void> {
      if ((await countEvent(seen, ip)) > settings.challengeAfterPerHour) {
        await proofOfWork.require(solution, 'inquiry');
      }
      // Only posts past the challenge reach these: a flood that solves nothing cannot spend them.
      const attempt = await beginAttempt(
        [
          { limiter: perEmail, key: counterKey('email', email.toLowerCase()) },
          { limiter: perPhone, key: counterKey('phone', inquiryPhoneKey(phone)) },
          { limiter: perAddress, key: ip },
        ].map((counter) => ({ ...counter, onSuccess: 'refund' as const })),
      );
      if (attempt.retryAfterSeconds === 0) return;
      const refusal = (attempt.refusedBy && refusals.get(attempt.refusedBy)) ?? 'Too many messages.';
      throw new HttpError(429, `${refusal} Please try again ${waitPhrase(attempt.retryAfterSeconds)}.`, {
        headers: { 'retry-after': String(attempt.retryAfterSeconds) },
      });
    },
  };
}

export type InquiryLimits = ReturnType<typeof createInquiryLimits>;
