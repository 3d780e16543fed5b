import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect } from 'vitest';
import type { ApiToken } from '../../shared/contracts/api-tokens.ts';
import type { ApiTokenAccess } from '../../shared/rules/api-tokens.ts';
import type { Role } from '../../shared/rules/roles.ts';
import { asAdmin } from './test-app.ts';

/**
 * Makes an API token as the signed-in user of `cookie` would on the profile page: an administrator's read
 * token for 30 days unless `input` says otherwise. Fails the test unless it is made.
 */
export async function createApiToken(
  app: FastifyInstance,
  cookie: string,
  input: { name?: string; role?: Role; access?: ApiTokenAccess; expiresInDays?: number } = {},
): Promise<{ token: string; apiToken: ApiToken }> {
  const response = await app.inject(
    asAdmin(cookie, {
      method: 'POST',
      url: '/api/admin/api-tokens',
      payload: { name: 'Sheet sync', role: 'administrator', access: 'read', expiresInDays: 30, ...input },
    }),
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

/** The request `options` sent with `token` as its bearer token. */
export function withToken(token: string, options: InjectOptions): InjectOptions {
  return { ...options, headers: { authorization: `Bearer ${token}`, ...options.headers } };
}
