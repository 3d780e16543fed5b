import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AccountDeletionInput } from '../../../shared/contracts/account-deletion.ts';
import { ACCOUNT_DELETION_MESSAGES } from '../../../shared/rules/account-deletion.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { decoyPasswordHash, verifyPassword } from '../../lib/password.ts';
import { waitPhrase } from '../../lib/rate-limits.ts';
import type { DeletionThrottle } from './deletion-throttle.ts';
import { normaliseMobile } from './mobile.ts';
import type { MemberRepository } from './repository.ts';

/** How long the page posted without script keeps a right password's confirmation open. */
const CONFIRMATION_SECONDS = 10 * 60;
const E164 = /^\+\d{4,15}$/;
const SECONDS = /^\d{1,12}$/;
const SIGNATURE = /^[\w-]{43}$/;

/** A member whose mobile and password were right: `succeeded` gives back what the attempt was charged. */
export interface VerifiedMember {
  id: string;
  mobile: string;
  passwordHash: string;
  succeeded(): Promise<void>;
}

export interface AccountDeletion {
  /**
   * Checks a mobile and password under the throttle (the attempt is counted before the check): the member,
   * or an HttpError: 401 for any wrong mobile or password, 428 for a busy address without a fresh proof of
   * work, 429 past a limit.
   */
  verify(input: AccountDeletionInput, ip: string, proofOfWork: string | undefined): Promise<VerifiedMember>;
  /** Deletes the member as the member (the audit log says so); false when it was deleted already. */
  delete(memberId: string): Promise<boolean>;
  /** What the page posted without script carries from the right password to its confirmation. */
  confirmationFor(member: VerifiedMember): Promise<string>;
  /** The member a confirmation was given for, while it is fresh and their password unchanged; else null. */
  memberConfirmed(confirmation: string): Promise<string | null>;
}

export const invalidCredentials = () =>
  new HttpError(401, ACCOUNT_DELETION_MESSAGES.invalidCredentials, {
    code: 'INVALID_CREDENTIALS',
  });

/**
 * A member deletes their own account: through `DELETE /api/auth/delete-account` (the page with script), or
 * through the page posted natively in two steps, the password then the confirmation (decision 052).
 */
export function accountDeletion({
  members,
  throttle,
  key,
  clock = Date.now,
}: {
  members: MemberRepository;
  throttle: DeletionThrottle;
  /** The server's own key for confirmations (server-secret.ts), so that any instance takes any one. */
  key: () => Promise<string>;
  clock?: () => number;
}): AccountDeletion {
  const sign = async (memberId: string, mobile: string, passwordHash: string, expires: string) =>
    createHmac('sha256', await key())
      .update(`account-deletion\n${memberId}\n${mobile}\n${expires}\n${passwordHash}`)
      .digest();

  return {
    async verify({ mobile, password, countryCode }, ip, proofOfWork) {
      const normalised = normaliseMobile(mobile, countryCode);
      // A number that does not parse is counted too, by its digits, so it cannot be used to try freely.
      const mobileKey = normalised?.e164 ?? `unparsed:${mobile.replace(/\D/g, '')}`;
      const attempt = await throttle.begin(mobileKey, ip, proofOfWork);
      if (attempt.retryAfterSeconds > 0) {
        throw new HttpError(
          429,
          `${ACCOUNT_DELETION_MESSAGES.tooManyAttempts} ${waitPhrase(attempt.retryAfterSeconds)}.`,
          { headers: { 'retry-after': String(attempt.retryAfterSeconds) } },
        );
      }
      const member = normalised ? await members.findCredentials(normalised.e164) : undefined;
      // An attacker could learn which mobiles have accounts if an unknown one answered differently or
      // faster: it is checked against a decoy hash and gets the same message.
      const valid = await verifyPassword(member?.passwordHash ?? (await decoyPasswordHash()), password);
      // A failure stays counted: the attempt was charged before the check.
      if (!normalised || !member?.passwordHash || !valid) throw invalidCredentials();
      return {
        id: member.id,
        mobile: normalised.e164,
        passwordHash: member.passwordHash,
        succeeded: () => attempt.succeeded(),
      };
    },

    delete: (memberId) => members.delete(memberId, null),

    // `<mobile>.<expiry>.<HMAC(key, id, mobile, expiry, password hash)>`: it names no one the visitor did not
    // type, and a changed password or a deleted account ends it.
    async confirmationFor({ id, mobile, passwordHash }) {
      const expires = String(Math.floor(clock() / 1000) + CONFIRMATION_SECONDS);
      const signature = (await sign(id, mobile, passwordHash, expires)).toString('base64url');
      return `${mobile}.${expires}.${signature}`;
    },

    async memberConfirmed(confirmation) {
      const [mobile, expires, signature, extra] = confirmation.split('.');
      if (extra !== undefined || !mobile || !expires || !signature) return null;
      if (!E164.test(mobile) || !SECONDS.test(expires) || !SIGNATURE.test(signature)) return null;
      if (Number(expires) * 1000 <= clock()) return null;
      const member = await members.findCredentials(mobile);
      if (!member?.passwordHash) return null;
      const expected = await sign(member.id, mobile, member.passwordHash, expires);
      return timingSafeEqual(Buffer.from(signature, 'base64url'), expected) ? member.id : null;
    },
  };
}
