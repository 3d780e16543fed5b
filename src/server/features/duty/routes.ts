import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '../../../shared/contracts/api.ts';
import {
  DutyInputSchema,
  DutySchema,
  type DutyShare,
  DutySharesResponseSchema,
  DutyWeightInputSchema,
  DutyWeightSavedResponseSchema,
} from '../../../shared/contracts/duty.ts';
import { PHONE_MESSAGE } from '../../../shared/contracts/fields.ts';
import { errorResponses, HttpError } from '../../lib/http-errors.ts';
import { normalisePhone } from '../../lib/phone-numbers.ts';
import { access } from '../../plugins/access.ts';
import type { DutyRepository } from './repository.ts';

const DutyResponseSchema = z.object({ duty: DutySchema });
const DutySavedResponseSchema = z.object({ success: z.literal(true), message: z.string(), duty: DutySchema });
const MEMBER_NOT_FOUND = 'Team member not found';

/** A number as typed, read with the country code and kept in E.164; empty stays empty. */
function storedNumber(field: 'whatsapp' | 'phone', typed: string, countryCode: string | undefined): string {
  if (typed === '') return '';
  const phone = normalisePhone(typed, countryCode);
  if (!phone)
    throw new HttpError(400, `Please check the form: ${PHONE_MESSAGE}`, {
      errors: { [field]: PHONE_MESSAGE },
    });
  return phone.e164;
}

/**
 * A team member's own duty (My Profile: their numbers, duty hours and away), and an administrator's share of
 * visitors for each member (decision 076). The numbers are personal: only their owner reads them here.
 */
export const dutyRoutes: FastifyPluginAsyncZod<{
  duty: DutyRepository;
  /** Whether a team member with this id exists. */
  memberExists(id: string): Promise<boolean>;
  /** Each member who answers visitors, with their share and state now (no numbers). */
  shares(): Promise<DutyShare[]>;
}> = async (app, { duty, memberExists, shares }) => {
  app.get(
    '/api/admin/profile/duty',
    {
      config: { access: access.session('account') },
      schema: {
        tags: ['team'],
        operationId: 'getOwnDuty',
        summary: "The signed-in user's duty: their WhatsApp and call numbers, duty hours and away",
        response: { 200: DutyResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({ duty: await duty.get(request.admin!.id) }),
  );

  app.put(
    '/api/admin/profile/duty',
    {
      config: { access: access.session('account'), audit: { action: 'profile.duty' } },
      schema: {
        tags: ['team'],
        operationId: 'replaceOwnDuty',
        summary: "Replace the signed-in user's duty numbers, duty hours and away",
        body: DutyInputSchema,
        response: { 200: DutySavedResponseSchema, ...errorResponses(400, 401, 403, 413, 415) },
      },
    },
    async (request) => {
      const { whatsapp, phone, countryCode, week, away } = request.body;
      const saved = await duty.save(request.admin!.id, {
        whatsapp: storedNumber('whatsapp', whatsapp, countryCode),
        phone: storedNumber('phone', phone, countryCode),
        week,
        away,
      });
      return { success: true as const, message: 'Duty saved', duty: saved };
    },
  );

  app.get(
    '/api/team/duty',
    {
      config: { access: access.session('administration') },
      schema: {
        tags: ['team'],
        operationId: 'listDutyShares',
        summary: 'Each member who answers visitors: their share, and whether they are on duty now or away',
        response: { 200: DutySharesResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ members: await shares() }),
  );

  app.put(
    '/api/team/:id/duty-weight',
    {
      config: {
        access: access.session('administration'),
        audit: { action: 'user.duty-weight', target: 'user' },
      },
      schema: {
        tags: ['team'],
        operationId: 'setDutyWeight',
        summary: "Set a team member's share of the visitors routed to those on duty",
        params: idParamsSchema('team member'),
        body: DutyWeightInputSchema,
        response: {
          200: DutyWeightSavedResponseSchema,
          ...errorResponses(400, 401, 403, 404, 413, 415),
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!(await memberExists(id))) throw new HttpError(404, MEMBER_NOT_FOUND);
      const { weight } = await duty.setWeight(id, request.body.weight);
      return { success: true as const, message: 'Share saved', weight };
    },
  );
};
