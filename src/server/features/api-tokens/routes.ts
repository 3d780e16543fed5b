import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MessageResponseSchema } from '../../../shared/contracts/api.ts';
import {
  ApiTokenCreatedResponseSchema,
  ApiTokenCreateSchema,
  ApiTokenIdParamsSchema,
  ApiTokenListResponseSchema,
} from '../../../shared/contracts/api-tokens.ts';
import { API_TOKEN_MESSAGES, tokenRolesFor } from '../../../shared/rules/api-tokens.ts';
import { ADMIN_ERROR_RESPONSES, HttpError, SAVE_ERROR_RESPONSES } from '../../lib/http-errors.ts';
import { access } from '../../plugins/access.ts';
import type { ApiTokens } from './api-tokens.ts';
import type { ApiTokenRepository } from './repository.ts';

/** My Profile's API tokens: each user makes, lists and revokes their own. A token cannot call these. */
export const apiTokenRoutes: FastifyPluginAsyncZod<{
  repository: ApiTokenRepository;
  apiTokens: ApiTokens;
}> = async (app, { repository, apiTokens }) => {
  app.get(
    '/api/admin/api-tokens',
    {
      config: { access: access.session('account') },
      schema: {
        tags: ['api-tokens'],
        summary: "The signed-in user's API tokens (never the tokens themselves)",
        response: { 200: ApiTokenListResponseSchema, ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (request) => ({ tokens: await repository.listForAdmin(request.admin!.id) }),
  );

  app.post(
    '/api/admin/api-tokens',
    {
      config: { access: access.sensitive('account'), audit: { action: 'api-token.create' } },
      schema: {
        tags: ['api-tokens'],
        summary: 'Creates an API token for the signed-in user; the answer is the only time it is shown',
        body: ApiTokenCreateSchema,
        response: { 201: ApiTokenCreatedResponseSchema, ...SAVE_ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const admin = request.admin!;
      if (!tokenRolesFor(admin.role).includes(request.body.role)) {
        throw new HttpError(400, API_TOKEN_MESSAGES.roleTooHigh, {
          errors: { role: API_TOKEN_MESSAGES.roleTooHigh },
        });
      }
      const created = await apiTokens.create(admin.id, request.body);
      if (!created) throw new HttpError(409, API_TOKEN_MESSAGES.tooMany);
      request.auditNote = { detail: { token: created.apiToken.name } };
      return reply
        .status(201)
        .send({ success: true as const, message: API_TOKEN_MESSAGES.created, data: created });
    },
  );

  app.delete(
    '/api/admin/api-tokens/:id',
    {
      config: { access: access.session('account'), audit: { action: 'api-token.revoke', target: 'token' } },
      schema: {
        tags: ['api-tokens'],
        summary: "Revokes one of the signed-in user's API tokens: it stops working at once",
        params: ApiTokenIdParamsSchema,
        response: { 200: MessageResponseSchema, ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (request) => {
      if (!(await repository.revoke(request.admin!.id, request.params.id))) {
        throw new HttpError(404, API_TOKEN_MESSAGES.notFound);
      }
      return { success: true as const, message: API_TOKEN_MESSAGES.revoked };
    },
  );
};
