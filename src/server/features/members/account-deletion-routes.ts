import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { AccountDeletionSchema } from '../../../shared/contracts/account-deletion.ts';
import { MessageResponseSchema } from '../../../shared/contracts/api.ts';
import {
  ACCOUNT_DELETION_MESSAGES,
  DELETION_RETENTION_DAYS,
} from '../../../shared/rules/account-deletion.ts';
import { decoyPasswordHash, verifyPassword } from '../../lib/password.ts';
import { errorResponses, HttpError } from '../../plugins/errors.ts';
import { type Attempt, beginAttempt, createLimiter } from '../../plugins/rate-limits.ts';
import { normaliseMobile } from './mobile.ts';
import type { MemberRepository } from './repository.ts';

export const DELETION_FAILURES_PER_KEY = 5;
export const DELETION_FAILURES_WINDOW_SECONDS = 15 * 60;

/**
 * Counts failed deletions: 5 per 15 minutes per mobile stops guessing one member's password from many
 * places, 5 per 15 minutes per IP stops trying many mobiles from one place.
 */
export function createDeletionThrottle(redis?: Redis) {
  const spec = (keyPrefix: string) => ({
    keyPrefix,
    points: DELETION_FAILURES_PER_KEY,
    durationSeconds: DELETION_FAILURES_WINDOW_SECONDS,
  });
  const perMobile = createLimiter(spec('delete-account-mobile'), redis);
  const perIp = createLimiter(spec('delete-account-ip'), redis);

  return {
    /** Counts a deletion attempt before its password is checked (see beginAttempt). */
    begin(mobileKey: string, ip: string): Promise<Attempt> {
      return beginAttempt([
        { limiter: perMobile, key: mobileKey, onSuccess: 'forget' },
        { limiter: perIp, key: ip, onSuccess: 'refund' },
      ]);
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
      // The page shows the server's message as it is: a refused body gets the page's own words.
      attachValidation: true,
      schema: {
        tags: ['members'],
        summary: `Delete one's own member account (kept as a bare record for at most ${DELETION_RETENTION_DAYS} days)`,
        body: AccountDeletionSchema,
        response: {
          200: MessageResponseSchema,
          ...errorResponses(400, 401, 403, 413, 415, 429),
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
      const attempt = await throttle.begin(mobileKey, request.ip);
      if (attempt.retryAfterSeconds > 0) {
        throw new HttpError(429, ACCOUNT_DELETION_MESSAGES.tooManyAttempts, undefined, {
          'retry-after': String(attempt.retryAfterSeconds),
        });
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
