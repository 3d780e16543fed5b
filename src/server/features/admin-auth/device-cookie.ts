import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { isHttps } from '../../plugins/security.ts';

// Chrome keeps no cookie longer than 400 days; a browser that signs in within a year stays trusted.
const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
const NONCE = /^[\w-]{22}$/;
const SIGNATURE = /^[\w-]{43}$/;

export interface DeviceCookie {
  /**
   * The nonce of this request's device cookie when the server issued it to a browser that signed in as
   * `email`, or null: no cookie, another account's, or forged.
   */
  trustedDevice(request: FastifyRequest, email: string): Promise<string | null>;
  /** Marks this browser as one that signed in as `email`, with a fresh nonce. */
  issue(reply: FastifyReply, email: string): Promise<void>;
}

/**
 * OWASP's device cookies: `<nonce>.<HMAC(key, email, nonce)>`, signed with a key kept in the database.
 * The cookie names no account, and proves nothing but that this browser once signed in as the email
 * tried; it exempts the browser from the account lockout (it has a limit of its own), never from the
 * password.
 */
export function deviceCookie(
  config: Pick<Config, 'PUBLIC_ORIGIN'>,
  key: () => Promise<string>,
): DeviceCookie {
  const secure = isHttps(config);
  // The __Host- prefix pins the cookie to this exact host over HTTPS; browsers refuse it over plain HTTP.
  const name = secure ? '__Host-sampark_device' : 'sampark_device';
  const sign = async (email: string, nonce: string) =>
    createHmac('sha256', await key())
      .update(`device\n${email}\n${nonce}`)
      .digest();

  return {
    async trustedDevice(request, email) {
      const [nonce, signature, extra] = (request.cookies[name] ?? '').split('.');
      if (extra !== undefined || !nonce || !signature || !NONCE.test(nonce) || !SIGNATURE.test(signature)) {
        return null;
      }
      const expected = await sign(email, nonce);
      return timingSafeEqual(Buffer.from(signature, 'base64url'), expected) ? nonce : null;
    },

    async issue(reply, email) {
      const nonce = randomBytes(16).toString('base64url');
      const signature = (await sign(email, nonce)).toString('base64url');
      reply.setCookie(name, `${nonce}.${signature}`, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure,
        maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
      });
    },
  };
}
