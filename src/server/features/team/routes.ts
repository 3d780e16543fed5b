import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MessageResponseSchema } from '../../../shared/contracts/api.ts';
import {
  InvitationAcceptSchema,
  InvitationCheckSchema,
  InvitationInfoResponseSchema,
  type TeamMember,
  TeamMemberCreateSchema,
  TeamMemberCredentialsResponseSchema,
  TeamMemberIdParamsSchema,
  TeamMemberListResponseSchema,
  TeamMemberResponseSchema,
  TeamMemberUpdateSchema,
} from '../../../shared/contracts/team.ts';
import { INVITATION_INVALID_MESSAGE, LAST_ADMINISTRATOR_MESSAGES } from '../../../shared/rules/team.ts';
import type { SiteAddressConfig } from '../../config.ts';
import {
  ADMIN_ERROR_RESPONSES,
  errorResponses,
  HttpError,
  SAVE_ERROR_RESPONSES,
} from '../../lib/http-errors.ts';
import { generatePassword, hashPassword, unusablePasswordHash } from '../../lib/password.ts';
import { waitPhrase } from '../../lib/rate-limits.ts';
import { siteOrigin } from '../../lib/site-origin.ts';
import { access } from '../../plugins/access.ts';
import {
  hashInvitationToken,
  INVITATION_PATH,
  type InvitationThrottle,
  newInvitation,
} from './invitations.ts';
import type { TeamRepository } from './repository.ts';
import { DuplicateEmailError, type GuardedResult } from './team-members.ts';

export interface TeamRouteDeps {
  config: SiteAddressConfig;
  team: TeamRepository;
  clock: () => number;
}

export interface InvitationRouteDeps {
  team: TeamRepository;
  throttle: InvitationThrottle;
}

export const TEAM_MESSAGES = {
  notFound: 'User not found',
  emailTaken: 'Another user already has this email',
  passwordWithInvitation: 'Leave the password empty when sending an invitation link',
  created: 'User added',
  invited: 'User added: send them the invitation link',
  updated: 'User updated',
  deleted: 'User deleted',
  passwordReset: 'Password reset: the user was signed out everywhere and sets a new one with the link',
  resetSelf: 'To change your own password, use My Profile',
  invitationRenewed: 'New invitation link made: earlier links no longer work',
  deleteSelf: 'You cannot delete your own account: another administrator can',
  disableSelf: 'You cannot disable your own account: another administrator can',
  invitationAccepted: 'Your password is set: sign in with your email and this password',
} as const;

const BASE = '/api/admin/users';

const notFound = () => new HttpError(404, TEAM_MESSAGES.notFound);
const emailTaken = () =>
  new HttpError(409, TEAM_MESSAGES.emailTaken, { errors: { email: TEAM_MESSAGES.emailTaken } });
const SELF_MESSAGES = { delete: TEAM_MESSAGES.deleteSelf, disable: TEAM_MESSAGES.disableSelf } as const;

/** The refusals are of the request rather than of a field: the form's values are all fine. */
function done<T>(result: GuardedResult<T>): T {
  if (result.outcome === 'not-found') throw notFound();
  if (result.outcome === 'last-administrator')
    throw new HttpError(400, LAST_ADMINISTRATOR_MESSAGES[result.change]);
  if (result.outcome === 'self') throw new HttpError(400, SELF_MESSAGES[result.change]);
  return result.value;
}

/** The one answer carrying a password or a link: shown to the administrator this once, never cached. */
function withCredentials(
  reply: FastifyReply,
  message: string,
  user: TeamMember,
  credentials: { password: string } | { invitationUrl: string; invitationExpiresAt: string },
) {
  reply.header('cache-control', 'no-store');
  return {
    success: true as const,
    message,
    data: {
      user,
      password: 'password' in credentials ? credentials.password : null,
      invitationUrl: 'invitationUrl' in credentials ? credentials.invitationUrl : null,
      invitationExpiresAt: 'invitationUrl' in credentials ? credentials.invitationExpiresAt : null,
    },
  };
}

/** The team screen's API (src/shared/contracts/team.ts): administrators only. */
export const teamRoutes: FastifyPluginAsyncZod<TeamRouteDeps> = async (app, { config, team, clock }) => {
  const invitationFor = (request: Parameters<typeof siteOrigin>[1]) => {
    const invitation = newInvitation(clock());
    return {
      invitation,
      credentials: {
        invitationUrl: `${siteOrigin(config, request)}${INVITATION_PATH}#${invitation.token}`,
        invitationExpiresAt: invitation.expiresAt,
      },
    };
  };

  app.get(
    BASE,
    {
      config: { access: access.session('administration') },
      schema: {
        tags: ['team'],
        summary: 'Every back-office user, by name, with role and state',
        response: { 200: TeamMemberListResponseSchema, ...ADMIN_ERROR_RESPONSES },
      },
    },
    async () => ({ users: await team.list() }),
  );

  app.post(
    BASE,
    {
      config: { access: access.sensitive('administration'), audit: { action: 'user.create' } },
      schema: {
        tags: ['team'],
        summary: 'Add a user with a typed or generated password, or an invitation link (returned this once)',
        body: TeamMemberCreateSchema,
        response: { 201: TeamMemberCredentialsResponseSchema, ...SAVE_ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const { email, name, role, password, invite } = request.body;
      if (invite && password !== undefined) {
        throw new HttpError(400, `Please check the form: ${TEAM_MESSAGES.passwordWithInvitation}`, {
          errors: { password: TEAM_MESSAGES.passwordWithInvitation },
        });
      }
      // Hashing costs time and memory: not for an email that is taken.
      if (await team.emailTaken(email)) throw emailTaken();
      try {
        if (invite) {
          const { invitation, credentials } = invitationFor(request);
          const user = await team.create(
            { email, name, role, passwordHash: unusablePasswordHash() },
            invitation,
          );
          return reply.status(201).send(withCredentials(reply, TEAM_MESSAGES.invited, user, credentials));
        }
        const shown = password ?? generatePassword();
        const user = await team.create({ email, name, role, passwordHash: await hashPassword(shown) });
        return reply
          .status(201)
          .send(withCredentials(reply, TEAM_MESSAGES.created, user, { password: shown }));
      } catch (error) {
        // Another create of the same email won the race: the unique index said so.
        if (error instanceof DuplicateEmailError) throw emailTaken();
        throw error;
      }
    },
  );

  app.patch(
    `${BASE}/:id`,
    {
      config: {
        access: access.sensitive('administration'),
        audit: { action: 'user.update', target: 'user' },
      },
      schema: {
        tags: ['team'],
        summary: 'Rename a user, change their role, disable (signing them out) or enable them',
        params: TeamMemberIdParamsSchema,
        body: TeamMemberUpdateSchema,
        response: { 200: TeamMemberResponseSchema, ...SAVE_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const user = done(await team.update(request.params.id, request.body, request.admin!.id));
      return { success: true as const, message: TEAM_MESSAGES.updated, data: user };
    },
  );

  app.delete(
    `${BASE}/:id`,
    {
      config: {
        access: access.sensitive('administration'),
        audit: { action: 'user.delete', target: 'user' },
      },
      schema: {
        tags: ['team'],
        summary: 'Delete a user: their sessions, devices and invitations go; notes keep their name',
        params: TeamMemberIdParamsSchema,
        response: { 200: MessageResponseSchema, ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (request) => {
      done(await team.delete(request.params.id, request.admin!.id));
      return { success: true as const, message: TEAM_MESSAGES.deleted };
    },
  );

  app.post(
    `${BASE}/:id/password`,
    {
      config: {
        access: access.sensitive('administration'),
        audit: { action: 'user.password-reset', target: 'user' },
      },
      schema: {
        tags: ['team'],
        operationId: 'resetUserPassword',
        summary:
          'Reset a user’s password: it stops working, they are signed out, and they set a new one with a ' +
          'sign-in link (returned this once); no password is ever answered',
        params: TeamMemberIdParamsSchema,
        response: { 200: TeamMemberCredentialsResponseSchema, ...SAVE_ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (id === request.admin!.id) throw new HttpError(400, TEAM_MESSAGES.resetSelf);
      const { invitation, credentials } = invitationFor(request);
      const user = await team.resetPassword(id, invitation);
      if (!user) throw notFound();
      return withCredentials(reply, TEAM_MESSAGES.passwordReset, user, credentials);
    },
  );

  app.post(
    `${BASE}/:id/invitation`,
    {
      config: {
        access: access.sensitive('administration'),
        audit: { action: 'user.invitation', target: 'user' },
      },
      schema: {
        tags: ['team'],
        operationId: 'renewUserInvitation',
        summary: 'A new invitation link for a user (returned this once); earlier links stop working',
        params: TeamMemberIdParamsSchema,
        response: { 200: TeamMemberCredentialsResponseSchema, ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const { invitation, credentials } = invitationFor(request);
      if (!(await team.invite(request.params.id, invitation))) throw notFound();
      const user = await team.findById(request.params.id);
      if (!user) throw notFound();
      return withCredentials(reply, TEAM_MESSAGES.invitationRenewed, user, credentials);
    },
  );
};

/**
 * What the invited person's page calls, without a session. The token travels in the body: a URL would put it
 * in logs on the way.
 */
export const invitationRoutes: FastifyPluginAsyncZod<InvitationRouteDeps> = async (
  app,
  { team, throttle },
) => {
  const invitationErrors = errorResponses(400, 403, 404, 413, 415, 429);

  /** The invitation of `token`, counted against the address first; throws 429 or 404. */
  const validInvitation = async (token: string, ip: string) => {
    const attempt = await throttle.begin(ip);
    if (attempt.retryAfterSeconds > 0) {
      throw new HttpError(
        429,
        `Too many invitation links tried from your network. Please try again ${waitPhrase(attempt.retryAfterSeconds)}.`,
        { headers: { 'retry-after': String(attempt.retryAfterSeconds) } },
      );
    }
    const tokenHash = hashInvitationToken(token);
    const invitation = await team.findInvitation(tokenHash);
    if (!invitation) throw new HttpError(404, INVITATION_INVALID_MESSAGE);
    return { invitation, tokenHash, succeeded: () => attempt.succeeded() };
  };

  app.post(
    '/api/admin/invitation/check',
    {
      // Checking a link changes nothing; accepting it is recorded.
      config: { access: access.public, audit: null },
      schema: {
        tags: ['team'],
        operationId: 'checkInvitation',
        summary: 'Whose invitation a link is, while it works',
        body: InvitationCheckSchema,
        response: { 200: InvitationInfoResponseSchema, ...invitationErrors },
      },
    },
    async (request, reply) => {
      const { invitation, succeeded } = await validInvitation(request.body.token, request.ip);
      await succeeded();
      reply.header('cache-control', 'no-store');
      return { email: invitation.email, name: invitation.name, expiresAt: invitation.expiresAt };
    },
  );

  app.post(
    '/api/admin/invitation/accept',
    {
      config: { access: access.public, audit: { action: 'user.invitation-accepted' } },
      schema: {
        tags: ['team'],
        operationId: 'acceptInvitation',
        summary: 'Set one’s password with an invitation link; the link then stops working',
        body: InvitationAcceptSchema,
        response: { 200: MessageResponseSchema, ...invitationErrors },
      },
    },
    async (request) => {
      const { invitation, tokenHash, succeeded } = await validInvitation(request.body.token, request.ip);
      const passwordHash = await hashPassword(request.body.password);
      // Used, replaced or expired while the password was hashed: as invalid as an unknown link.
      if (!(await team.acceptInvitation(tokenHash, invitation.adminId, passwordHash)))
        throw new HttpError(404, INVITATION_INVALID_MESSAGE);
      await succeeded();
      request.auditNote = { actor: { id: invitation.adminId, email: invitation.email } };
      return { success: true as const, message: TEAM_MESSAGES.invitationAccepted };
    },
  );
};
