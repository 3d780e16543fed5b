import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MessageResponseSchema } from '../../../shared/contracts/api.ts';
import { TeamMemberIdParamsSchema } from '../../../shared/contracts/team.ts';
import { ADMIN_ERROR_RESPONSES, HttpError } from '../../lib/http-errors.ts';
import { access } from '../../plugins/access.ts';
import type { SessionRepository } from './session-repository.ts';
import type { TwoFactor } from './two-factor.ts';

export interface TwoFactorResetDeps {
  twoFactor: TwoFactor;
  sessionRecords: SessionRepository;
}

/**
 * An administrator resets another user's second factor (a lost phone and no recovery codes left): it is
 * turned off and every session of that user ends, so they sign in again with their password alone.
 */
export const twoFactorResetRoutes: FastifyPluginAsyncZod<TwoFactorResetDeps> = async (
  app,
  { twoFactor, sessionRecords },
) => {
  app.delete(
    '/api/admin/users/:id/two-factor',
    {
      config: {
        access: access.sensitive('administration'),
        audit: { action: 'two-factor.reset', target: 'user' },
      },
      schema: {
        tags: ['team'],
        operationId: 'resetUserTwoFactor',
        summary: "Turns a user's two-factor sign-in off and signs them out everywhere",
        params: TeamMemberIdParamsSchema,
        response: { 200: MessageResponseSchema, ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (id === request.admin!.id) {
        throw new HttpError(400, 'To turn off your own two-factor sign-in, use My Profile');
      }
      if (!(await twoFactor.disable(id))) throw new HttpError(404, 'User not found');
      await sessionRecords.deleteForAdmin(id);
      return {
        success: true as const,
        message: 'Two-factor sign-in was reset; the user was signed out everywhere',
      };
    },
  );
};
