import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MessageResponseSchema } from '../../../shared/contracts/api.ts';
import {
  type Member,
  MemberCreateSchema,
  MemberCredentialsResponseSchema,
  MemberDetailResponseSchema,
  MemberIdParamsSchema,
  MemberListQuerySchema,
  MemberListResponseSchema,
  MemberPasswordResetSchema,
  MemberResponseSchema,
  MemberUpdateSchema,
} from '../../../shared/contracts/members.ts';
import { DELETION_RETENTION_DAYS } from '../../../shared/rules/account-deletion.ts';
import { GENERATED_PASSWORD_LENGTH, MEMBER_MESSAGES } from '../../../shared/rules/members.ts';
import { ADMIN_ERROR_RESPONSES, HttpError, SAVE_ERROR_RESPONSES } from '../../lib/http-errors.ts';
import { generatePassword, hashPassword } from '../../lib/password.ts';
import { access } from '../../plugins/access.ts';
import { DuplicateMobileError, type MemberActor } from './member-changes.ts';
import { normaliseMobile } from './mobile.ts';
import type { MemberRepository } from './repository.ts';

export interface MemberRouteDeps {
  members: MemberRepository;
}

const BASE = '/api/members';

const notFound = () => new HttpError(404, MEMBER_MESSAGES.notFound);
const mobileTaken = () =>
  new HttpError(409, MEMBER_MESSAGES.mobileTaken, { errors: { mobile: MEMBER_MESSAGES.mobileTaken } });
const invalidMobile = () =>
  new HttpError(400, `Please check the form: ${MEMBER_MESSAGES.invalidMobile}`, {
    errors: { mobile: MEMBER_MESSAGES.invalidMobile },
  });

function found(member: Member | undefined): Member {
  if (!member) throw notFound();
  return member;
}

/** The password the admin typed, or a new random one; the plain text goes back to the admin once. */
async function newPassword(typed: string | undefined): Promise<{ password: string; passwordHash: string }> {
  const password = typed ?? generatePassword(GENERATED_PASSWORD_LENGTH);
  return { password, passwordHash: await hashPassword(password) };
}

/**
 * The answer that carries a member's new password: shown to the admin this once, so never stored by a
 * cache on the way.
 */
function withCredentials(reply: FastifyReply, message: string, member: Member, password: string) {
  reply.header('cache-control', 'no-store');
  return { success: true as const, message, data: { member, password } };
}

/** The back office's members: list and search, create, rename, enable or disable, reset, delete. */
export const memberRoutes: FastifyPluginAsyncZod<MemberRouteDeps> = async (app, { members }) => {
  const actor = (request: { admin: { id: string; email: string } | null }): MemberActor => {
    const admin = request.admin!;
    return { id: admin.id, email: admin.email };
  };

  app.get(
    BASE,
    {
      config: { access: access.scripted('administration') },
      schema: {
        tags: ['members'],
        summary: 'Members (never deleted ones), newest first, searched by name or mobile, by status, paged',
        querystring: MemberListQuerySchema,
        response: { 200: MemberListResponseSchema, ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { members: page, total } = await members.list(request.query);
      return { members: page, total, page: request.query.page, pageSize: request.query.pageSize };
    },
  );

  app.post(
    BASE,
    {
      config: { access: access.scripted('administration'), audit: { action: 'member.create' } },
      schema: {
        tags: ['members'],
        summary: 'Create a member with a typed or generated password (the password is returned this once)',
        body: MemberCreateSchema,
        response: { 201: MemberCredentialsResponseSchema, ...SAVE_ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const { mobile, countryCode, displayName, password } = request.body;
      const normalised = normaliseMobile(mobile, countryCode);
      if (!normalised) throw invalidMobile();
      if (await members.mobileTaken(normalised.e164)) throw mobileTaken();
      const credentials = await newPassword(password);
      let member: Member;
      try {
        member = await members.create(
          {
            mobile: normalised.e164,
            displayName: displayName ?? null,
            passwordHash: credentials.passwordHash,
          },
          actor(request),
        );
      } catch (error) {
        // Another create of the same mobile won the race: the unique index said so.
        if (error instanceof DuplicateMobileError) throw mobileTaken();
        throw error;
      }
      return reply
        .status(201)
        .send(withCredentials(reply, MEMBER_MESSAGES.created, member, credentials.password));
    },
  );

  app.get(
    `${BASE}/:id`,
    {
      config: { access: access.scripted('administration') },
      schema: {
        tags: ['members'],
        summary: 'One member with its audit log, newest first',
        params: MemberIdParamsSchema,
        response: { 200: MemberDetailResponseSchema, ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const member = found(await members.findById(request.params.id));
      return { success: true as const, data: { member, audit: await members.auditLog(member._id) } };
    },
  );

  app.patch(
    `${BASE}/:id`,
    {
      config: {
        access: access.scripted('administration'),
        audit: { action: 'member.update', target: 'member' },
      },
      schema: {
        tags: ['members'],
        summary: 'Rename, enable or disable a member',
        params: MemberIdParamsSchema,
        body: MemberUpdateSchema,
        response: { 200: MemberResponseSchema, ...SAVE_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { displayName, status } = request.body;
      const member = found(await members.update(request.params.id, { displayName, status }, actor(request)));
      return { success: true as const, message: MEMBER_MESSAGES.updated, data: member };
    },
  );

  app.post(
    `${BASE}/:id/password`,
    {
      config: {
        access: access.scripted('administration'),
        audit: { action: 'member.password-reset', target: 'member' },
      },
      schema: {
        tags: ['members'],
        operationId: 'resetMemberPassword',
        summary: 'Reset a member’s password to a typed or generated one (returned this once)',
        params: MemberIdParamsSchema,
        body: MemberPasswordResetSchema,
        response: { 200: MemberCredentialsResponseSchema, ...SAVE_ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      // Hashing costs time and memory: not for an id that does not exist.
      found(await members.findById(id));
      const credentials = await newPassword(request.body.password);
      const member = found(await members.setPasswordHash(id, credentials.passwordHash, actor(request)));
      return withCredentials(reply, MEMBER_MESSAGES.passwordReset, member, credentials.password);
    },
  );

  app.delete(
    `${BASE}/:id`,
    {
      config: {
        access: access.scripted('administration'),
        audit: { action: 'member.delete', target: 'member' },
      },
      schema: {
        tags: ['members'],
        summary: `Delete a member: its mobile is free at once, a bare record is erased after ${DELETION_RETENTION_DAYS} days`,
        params: MemberIdParamsSchema,
        response: { 200: MessageResponseSchema, ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (request) => {
      if (!(await members.delete(request.params.id, actor(request)))) throw notFound();
      return { success: true as const, message: MEMBER_MESSAGES.deleted };
    },
  );
};
