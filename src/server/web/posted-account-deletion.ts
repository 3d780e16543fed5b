import type { FastifyRequest } from 'fastify';
import { AccountDeletionSchema } from '../../shared/contracts/account-deletion.ts';
import { ACCOUNT_DELETION_MESSAGES } from '../../shared/rules/account-deletion.ts';
import { PROOF_OF_WORK_STATUS } from '../../shared/rules/proof-of-work.ts';
import type {
  PostedAccountDeletion,
  PostedDeletionProblem,
  PostedDeletionValues,
} from '../../shared/web-render.ts';
import type { AccountDeletion } from '../features/members/account-deletion.ts';
import { HttpError } from '../lib/http-errors.ts';

/** The page's answer to the deletion form posted natively: its status, what it shows, and any headers. */
export interface PostedDeletionAnswer {
  status: number;
  form: PostedAccountDeletion;
  headers?: Record<string, string>;
}

const EXPIRED_MESSAGE = 'This confirmation has expired. Please enter your mobile number and password again.';
const PROOF_NEEDS_SCRIPT_MESSAGE =
  'Many requests come from your connection right now, and confirming that you are a person needs JavaScript. Please turn JavaScript on, or try again later.';

const PROBLEM_OF_STATUS: Partial<Record<number, PostedDeletionProblem>> = {
  401: 'invalidCredentials',
  [PROOF_OF_WORK_STATUS]: 'proofNeedsScript',
  429: 'tooManyAttempts',
};

function text(fields: Record<string, unknown>, key: string): string {
  const value = fields[key];
  return typeof value === 'string' ? value : '';
}

/**
 * The deletion page posted without script, in two steps as the page with script has them (decision 052):
 * the mobile and password, checked under the same throttle as `DELETE /api/auth/delete-account`, get the
 * confirmation (a short-lived signed note, never the password); the confirmation posted back deletes.
 * Every refusal answers with the form again, keeping the mobile and never the password. A busy address
 * gets the proof-of-work refusal in words: the puzzle needs script.
 */
export async function answerPostedDeletion(
  accountDeletion: AccountDeletion,
  request: FastifyRequest,
): Promise<PostedDeletionAnswer> {
  const fields = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<
    string,
    unknown
  >;
  const values: PostedDeletionValues = {
    mobile: text(fields, 'mobile'),
    countryCode: text(fields, 'countryCode'),
  };
  const refused = (
    status: number,
    kind: PostedDeletionProblem,
    message: string,
    headers?: Record<string, string>,
  ): PostedDeletionAnswer => {
    const retryAfter = Number(headers?.['retry-after']);
    return {
      status,
      form: {
        status: 'form',
        values,
        problem: { kind, message, ...(retryAfter > 0 ? { retryAfterSeconds: retryAfter } : {}) },
      },
      ...(headers ? { headers } : {}),
    };
  };

  const confirmation = text(fields, 'confirmation');
  if (confirmation !== '') {
    if (text(fields, 'intent') === 'cancel') return { status: 200, form: { status: 'form', values } };
    const memberId = await accountDeletion.memberConfirmed(confirmation);
    if (!memberId || !(await accountDeletion.delete(memberId))) {
      return refused(400, 'expired', EXPIRED_MESSAGE);
    }
    return { status: 200, form: { status: 'deleted' } };
  }

  const checked = AccountDeletionSchema.safeParse({
    mobile: values.mobile,
    password: text(fields, 'password'),
    ...(values.countryCode ? { countryCode: values.countryCode } : {}),
  });
  if (!checked.success) {
    const issue = checked.error.issues[0];
    const missing = issue?.message === ACCOUNT_DELETION_MESSAGES.missingFields;
    return refused(
      400,
      missing ? 'missingFields' : 'invalid',
      issue?.message ?? ACCOUNT_DELETION_MESSAGES.missingFields,
    );
  }
  try {
    // No proof of work can come without script: a busy address gets the 428 as words.
    const member = await accountDeletion.verify(checked.data, request.ip, undefined);
    await member.succeeded();
    return {
      status: 200,
      form: { status: 'confirm', values, confirmation: await accountDeletion.confirmationFor(member) },
    };
  } catch (error) {
    const kind = error instanceof HttpError ? PROBLEM_OF_STATUS[error.statusCode] : undefined;
    if (!(error instanceof HttpError) || !kind) throw error;
    const message = kind === 'proofNeedsScript' ? PROOF_NEEDS_SCRIPT_MESSAGE : error.message;
    return refused(error.statusCode, kind, message, error.headers);
  }
}
