import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { AccountDeletionSchema } from '../../../shared/contracts/account-deletion.ts';
import { MessageResponseSchema } from '../../../shared/contracts/api.ts';
import {
  ProofOfWorkHeadersSchema,
  ProofOfWorkRequiredSchema,
} from '../../../shared/contracts/proof-of-work.ts';
import {
  ACCOUNT_DELETION_MESSAGES,
  DELETION_RETENTION_DAYS,
} from '../../../shared/rules/account-deletion.ts';
import { decoyPasswordHash, verifyPassword } from '../../lib/password.ts';
import { access } from '../../plugins/access.ts';
import { errorResponses, HttpError } from '../../plugins/errors.ts';
import type { ProofOfWork } from '../../plugins/proof-of-work.ts';
import {
  type Attempt,
  beginAttempt,
  countEvent,
  createLimiters,
  waitPhrase,
} from '../../plugins/rate-limits.ts';
import { normaliseMobile } from './mobile.ts';
import type { MemberRepository } from './repository.ts';

/** Failures per mobile in the window, from any address: guessing one member's password (decision 013). */
export const DELETION_FAILURES_PER_MOBILE = 5;
export const DELETION_FAILURES_WINDOW_SECONDS = 15 * 60;
/** A backstop per address (decision 027): many members may share one carrier address. */
export const DELETION_FAILURES_PER_ADDRESS_PER_HOUR = 100;
/** Past this many unsuccessful attempts from one address in the window, each needs a proof of work. */
export const DELETION_CHALLENGE_AFTER_FAILURES = 5;

const HOUR_SECONDS = 60 * 60;

/**
 * Counts deletion attempts before their password is checked (see beginAttempt). Failures on one mobile lock
 * that mobile only; failures on other mobiles from one address make the address busy (a proof of work per
 * attempt) and, past the backstop, stop it; a member with the right password on their own mobile goes on.
 */
export function createDeletionThrottle({ proofOfWork, redis }: { proofOfWork: ProofOfWork; redis?: Redis }) {
  const { perMobile, recentPerAddress, perAddress } = createLimiters(
    {
      perMobile: {
        keyPrefix: 'delete-account-mobile',
        points: DELETION_FAILURES_PER_MOBILE,
        durationSeconds: DELETION_FAILURES_WINDOW_SECONDS,
      },
      recentPerAddress: {
        keyPrefix: 'delete-account-ip-recent',
        points: DELETION_CHALLENGE_AFTER_FAILURES,
        durationSeconds: DELETION_FAILURES_WINDOW_SECONDS,
      },
      perAddress: {
        keyPrefix: 'delete-account-ip-hour',
        points: DELETION_FAILURES_PER_ADDRESS_PER_HOUR,
        durationSeconds: HOUR_SECONDS,
      },
    },
    redis,
  );

  return {
    /** Throws 428 with a challenge when the address is busy and the request carries no fresh solution. */
    async begin(mobileKey: string, ip: string, solution: string | undefined): Promise<Attempt> {
      if ((await countEvent(recentPerAddress, ip)) > DELETION_CHALLENGE_AFTER_FAILURES) {
        await proofOfWork.require(solution, 'account-deletion');
      }
      const attempt = await beginAttempt([
        { limiter: perMobile, key: mobileKey, onSuccess: 'forget' },
        { limiter: perAddress, key: ip, onSuccess: 'refund' },
      ]);
      return {
        ...attempt,
        async succeeded() {
          await Promise.all([attempt.succeeded(), recentPerAddress.reward(ip, 1)]);
        },
      };
    },
  };
}

export type DeletionThrottle = ReturnType<typeof createDeletionThrottle>;

export interface AccountDeletionDeps {
  members: MemberRepository;
  throttle: DeletionThrottle;
}

type ValidationIssue = { instancePath?: string; message?: string };

/**
 * The field errors of a body the schema refused, the first one as the message (no "Please check the
 * form" prefix: the page shows the message as it is). No body, or not an object: the fields are missing.
 */
function invalidBody(validation: ValidationIssue[]): HttpError {
  const errors: Record<string, string> = {};
  for (const issue of validation) {
    const field = issue.instancePath?.split('/').filter(Boolean).join('.') || '_';
    errors[field] ??= field === '_' ? ACCOUNT_DELETION_MESSAGES.missingFields : (issue.message ?? '');
  }
  const message = Object.values(errors)[0] ?? ACCOUNT_DELETION_MESSAGES.missingFields;
  return new HttpError(400, message, errors);
}

const invalidCredentials = () => new HttpError(401, ACCOUNT_DELETION_MESSAGES.invalidCredentials);

/** A member deletes their own account with their mobile and password (the public /delete-account page). */
export const accountDeletionRoutes: FastifyPluginAsyncZod<AccountDeletionDeps> = async (
  app,
  { members, throttle },
) => {
  app.delete(
    '/api/auth/delete-account',
    {
      config: { access: access.public },
      // The page shows the server's message as it is: a refused body gets the page's own words.
      attachValidation: true,
      schema: {
        tags: ['members'],
        operationId: 'deleteOwnMemberAccount',
        summary: `Delete one's own member account (kept as a bare record for at most ${DELETION_RETENTION_DAYS} days)`,
        body: AccountDeletionSchema,
        headers: ProofOfWorkHeadersSchema,
        response: {
          200: MessageResponseSchema,
          ...errorResponses(400, 401, 403, 413, 415, 429),
          428: ProofOfWorkRequiredSchema,
        },
      },
    },
    async (request, reply) => {
      const validationError = request.validationError as
        | (Error & { validation?: ValidationIssue[] })
        | undefined;
      if (validationError) throw invalidBody(validationError.validation ?? []);
      const { mobile, password, countryCode } = request.body;
      reply.header('cache-control', 'no-store');

      const normalised = normaliseMobile(mobile, countryCode);
      // A number that does not parse is counted too, by its digits, so it cannot be used to try freely.
      const mobileKey = normalised?.e164 ?? `unparsed:${mobile.replace(/\D/g, '')}`;
      const attempt = await throttle.begin(mobileKey, request.ip, request.headers['x-proof-of-work']);
      if (attempt.retryAfterSeconds > 0) {
        throw new HttpError(
          429,
          `${ACCOUNT_DELETION_MESSAGES.tooManyAttempts} ${waitPhrase(attempt.retryAfterSeconds)}.`,
          undefined,
          { 'retry-after': String(attempt.retryAfterSeconds) },
        );
      }

      const member = normalised ? await members.findCredentials(normalised.e164) : undefined;
      // An attacker could learn which mobiles have accounts if an unknown one answered differently or
      // faster: it is checked against a decoy hash and gets the same message.
      const valid = await verifyPassword(member?.passwordHash ?? (await decoyPasswordHash()), password);
      // A failure stays counted: the attempt was charged before the check.
      if (!member?.passwordHash || !valid || !(await members.delete(member.id, null))) {
        throw invalidCredentials();
      }
      await attempt.succeeded();
      return { success: true as const, message: ACCOUNT_DELETION_MESSAGES.deleted };
    },
  );
};
