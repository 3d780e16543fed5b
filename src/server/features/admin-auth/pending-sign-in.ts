import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { isHttps } from '../../plugins/security.ts';

/** How long after the right password the second factor may be given. */
const PENDING_SIGN_IN_SECONDS = 5 * 60;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SECONDS = /^\d{1,12}$/;
const SIGNATURE = /^[\w-]{43}$/;

/** What a pending sign-in is bound to: it ends when any of these changes. */
export interface PendingSignInAccount {
  id: string;
  passwordHash: string;
  twoFactorEnabledAt: string | null;
}

export interface PendingSignIn {
  /** The admin id of this request's pending sign-in, if its cookie is genuine and not expired. */
  adminId(request: FastifyRequest): string | null;
  /** Whether the cookie was issued for `account` as it is now (same password, same second factor). */
  isFor(request: FastifyRequest, account: PendingSignInAccount): Promise<boolean>;
  start(reply: FastifyReply, account: PendingSignInAccount): Promise<void>;
  clear(reply: FastifyReply): void;
}

/**
 * The sign-in between a right password and the second factor, in an HttpOnly cookie for five minutes:
 * `<admin id>.<expiry>.<HMAC(key, id, expiry, password hash, factor's start)>`, signed with a key kept in the
 * database (as the device cookie's), so any instance can complete it. Changing the password or the factor
 * ends it. It grants nothing but the right to send a code for that account, throttled (login-throttle.ts).
 */
export function pendingSignIn(
  config: Pick<Config, 'PUBLIC_ORIGIN'>,
  key: () => Promise<string>,
  clock: () => number,
): PendingSignIn {
  const secure = isHttps(config);
  const name = secure ? '__Host-sampark_sign_in' : 'sampark_sign_in';
  const options = { path: '/', httpOnly: true, sameSite: 'strict' as const, secure };
  const sign = async (account: PendingSignInAccount, expires: string) =>
    createHmac('sha256', await key())
      .update(
        `pending-sign-in\n${account.id}\n${expires}\n${account.passwordHash}\n${account.twoFactorEnabledAt ?? ''}`,
      )
      .digest();
  const parts = (request: FastifyRequest) => {
    const [id, expires, signature, extra] = (request.cookies[name] ?? '').split('.');
    if (extra !== undefined || !id || !expires || !signature) return null;
    if (!UUID.test(id) || !SECONDS.test(expires) || !SIGNATURE.test(signature)) return null;
    if (Number(expires) * 1000 <= clock()) return null;
    return { id, expires, signature };
  };

  return {
    adminId: (request) => parts(request)?.id ?? null,

    async isFor(request, account) {
      const cookie = parts(request);
      if (cookie?.id !== account.id) return false;
      return timingSafeEqual(Buffer.from(cookie.signature, 'base64url'), await sign(account, cookie.expires));
    },

    async start(reply, account) {
      const expires = String(Math.floor(clock() / 1000) + PENDING_SIGN_IN_SECONDS);
      const signature = (await sign(account, expires)).toString('base64url');
      reply.setCookie(name, `${account.id}.${expires}.${signature}`, {
        ...options,
        maxAge: PENDING_SIGN_IN_SECONDS,
      });
    },

    clear: (reply) => reply.clearCookie(name, options),
  };
}
