import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
import { errorResponses, HttpError } from '../../lib/http-errors.ts';
import { access } from '../../plugins/access.ts';
import { type AccountDeletion, invalidCredentials } from './account-deletion.ts';

export interface AccountDeletionDeps {
  accountDeletion: AccountDeletion;
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
  return new HttpError(400, message, { errors });
}

/** A member deletes their own account with their mobile and password (the public /delete-account page). */
export const accountDeletionRoutes: FastifyPluginAsyncZod<AccountDeletionDeps> = async (
  app,
  { accountDeletion },
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
      reply.header('cache-control', 'no-store');
      const member = await accountDeletion.verify(
        request.body,
        request.ip,
        request.headers['x-proof-of-work'],
      );
      if (!(await accountDeletion.delete(member.id))) throw invalidCredentials();
      await member.succeeded();
      return { success: true as const, message: ACCOUNT_DELETION_MESSAGES.deleted };
    },
  );
};
