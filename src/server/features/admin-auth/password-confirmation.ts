import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/http-errors.ts';
import { verifyPassword } from '../../lib/password.ts';
import { waitPhrase } from '../../lib/rate-limits.ts';
import type { AdminRepository } from './admin-repository.ts';
import type { DeviceCookie } from './device-cookie.ts';
import type { LoginThrottle } from './login-throttle.ts';

/** The signed-in user's own record, as the password check needs it. */
interface Account {
  id: string;
  email: string;
  passwordHash: string;
}

/**
 * Checks the password a signed-in user types again (to change it, to turn off their second factor, to confirm
 * a sensitive change: decision 049), counted by the sign-in's own limits before the check (decision 013): a
 * stolen session is no faster a password oracle than the sign-in form. A wrong one is a 400 under `field`,
 * and counts as a failed sign-in on the account.
 */
export function passwordConfirmation({
  admins,
  throttle,
  devices,
}: {
  admins: Pick<AdminRepository, 'recordFailedSignIn'>;
  throttle: LoginThrottle;
  devices: DeviceCookie;
}) {
  return async (
    request: FastifyRequest,
    account: Account,
    password: string,
    wrong: { field: string; message: string },
  ): Promise<void> => {
    const trustedDevice = await devices.trustedDevice(request, account.email);
    const attempt = await throttle.begin({ email: account.email, ip: request.ip, trustedDevice });
    if (attempt.retryAfterSeconds > 0) {
      throw new HttpError(
        429,
        `Too many wrong passwords. Please try again ${waitPhrase(attempt.retryAfterSeconds)}.`,
        { headers: { 'retry-after': String(attempt.retryAfterSeconds) } },
      );
    }
    try {
      if (!(await verifyPassword(account.passwordHash, password))) {
        await admins.recordFailedSignIn(account.id);
        throw new HttpError(400, wrong.message, { errors: { [wrong.field]: wrong.message } });
      }
      await attempt.succeeded();
    } finally {
      attempt.end();
    }
  };
}

export type PasswordConfirmation = ReturnType<typeof passwordConfirmation>;
