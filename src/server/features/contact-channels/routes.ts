import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { ApiErrorSchema, MessageResponseSchema } from '../../../shared/contracts/api.ts';
import {
  ContactChannelCreateSchema,
  ContactChannelIdParamsSchema,
  ContactChannelListResponseSchema,
  ContactChannelResponseSchema,
  ContactChannelUpdateSchema,
  channelValueProblem,
  normalizeChannelValue,
  PublicContactChannelListResponseSchema,
} from '../../../shared/contracts/contact-channels.ts';
import { PHONE_MESSAGE } from '../../../shared/contracts/fields.ts';
import type { ContactChannelType } from '../../../shared/rules/contact-channels.ts';
import type { DB } from '../../db/schema.ts';
import { ADMIN_ERROR_RESPONSES, ANY_ROUTE_ERROR_RESPONSES, HttpError } from '../../lib/http-errors.ts';
import { normalisePhone } from '../../lib/phone-numbers.ts';
import type { PublicContent } from '../../lib/public-content.ts';
import { access } from '../../plugins/access.ts';
import { type PrecompressedBody, precompress, sendPrecompressed } from '../../plugins/compression.ts';
import type { ContactChannelRepository } from './repository.ts';

export interface ContactChannelDeps {
  db: Kysely<DB>;
  contactChannels: ContactChannelRepository;
  publicContent: PublicContent;
}

const NOT_FOUND = 'Contact not found';
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * A value as stored: a phone or WhatsApp number read with the chosen country (India by default; typed
 * with `+` it keeps its own) and stored in E.164; other values as the schema gave them.
 */
function storedValue(type: ContactChannelType, value: string, countryCode: string | undefined): string {
  if (type !== 'phone' && type !== 'whatsapp') return value;
  const phone = normalisePhone(value, countryCode);
  if (!phone)
    throw new HttpError(400, `Please check the form: ${PHONE_MESSAGE}`, { errors: { value: PHONE_MESSAGE } });
  return phone.e164;
}

export const contactChannelRoutes: FastifyPluginAsyncZod<ContactChannelDeps> = async (
  app,
  { db, contactChannels, publicContent },
) => {
  // The public list is read on every page view and changes rarely: keep its serialized (and, when large,
  // compressed) bytes, dropped by a change here at once and rebuilt within a second after another
  // instance's change (decisions 004 and 006).
  const activeListBody = publicContent.cached<PrecompressedBody>(async (stale) =>
    precompress(JSON.stringify({ contacts: await contactChannels.listActive() }), stale),
  );
  const invalidate = () => publicContent.changed();

  app.get(
    '/api/contacts/active',
    {
      config: { access: access.public },
      // Compressed when cached, not per request: this is the busiest route.
      compress: false,
      schema: {
        tags: ['contacts'],
        operationId: 'listActiveContacts',
        summary: 'Active contact channels in the admin’s order (public)',
        response: { 200: PublicContactChannelListResponseSchema, ...ANY_ROUTE_ERROR_RESPONSES },
      },
    },
    (request, reply) => {
      // Bytes go out as they are, skipping serialization: they were built from the schema's shape. When they
      // are cached, in the same tick: no promise for the busiest route (decision 065).
      const cached = activeListBody.current();
      if (cached) {
        sendPrecompressed(request, reply, cached, JSON_TYPE);
        return;
      }
      return activeListBody().then((body) => {
        sendPrecompressed(request, reply, body, JSON_TYPE);
      });
    },
  );

  app.get(
    '/api/contacts',
    {
      config: { access: access.scripted('administration') },
      schema: {
        tags: ['contacts'],
        summary: 'Every contact channel, active or not, in the admin’s order',
        response: { 200: ContactChannelListResponseSchema, 401: ApiErrorSchema },
      },
    },
    async () => ({ contacts: await contactChannels.listAll() }),
  );

  app.post(
    '/api/contacts',
    {
      config: { access: access.scripted('administration'), audit: { action: 'channel.create' } },
      schema: {
        tags: ['contacts'],
        summary: 'Add a contact channel: its type, its value and whether visitors see it',
        body: ContactChannelCreateSchema,
        response: { 201: ContactChannelResponseSchema, ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const { countryCode, ...channel } = request.body;
      const contact = await contactChannels.create({
        ...channel,
        value: storedValue(channel.type, channel.value, countryCode),
      });
      invalidate();
      return reply
        .status(201)
        .send({ success: true as const, message: 'Contact added successfully', contact });
    },
  );

  app.patch(
    '/api/contacts/:id',
    {
      config: {
        access: access.scripted('administration'),
        audit: { action: 'channel.update', target: 'channel' },
      },
      schema: {
        tags: ['contacts'],
        summary: 'Edit the value or description, toggle active, or move to a position',
        params: ContactChannelIdParamsSchema,
        body: ContactChannelUpdateSchema,
        response: { 200: ContactChannelResponseSchema, ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { position, countryCode, ...changes } = request.body;
      const contact = await db.transaction().execute(async (trx) => {
        const existing = await contactChannels.findById(id, trx);
        if (!existing) throw new HttpError(404, NOT_FOUND);
        if (changes.value !== undefined) {
          // The value's rules depend on the stored type, so they are checked here rather than in the schema.
          const problem = channelValueProblem(existing.type, changes.value);
          if (problem)
            throw new HttpError(400, `Please check the form: ${problem}`, { errors: { value: problem } });
          changes.value = storedValue(
            existing.type,
            normalizeChannelValue(existing.type, changes.value),
            countryCode,
          );
        }
        if (position !== undefined) await contactChannels.move(id, position, trx);
        return contactChannels.update(id, changes, trx);
      });
      if (!contact) throw new HttpError(404, NOT_FOUND);
      invalidate();
      return { success: true as const, message: 'Contact updated successfully', contact };
    },
  );

  app.delete(
    '/api/contacts/:id',
    {
      config: {
        access: access.scripted('administration'),
        audit: { action: 'channel.delete', target: 'channel' },
      },
      schema: {
        tags: ['contacts'],
        summary: 'Delete a contact channel',
        params: ContactChannelIdParamsSchema,
        response: { 200: MessageResponseSchema, ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (request) => {
      if (!(await contactChannels.delete(request.params.id))) throw new HttpError(404, NOT_FOUND);
      invalidate();
      return { success: true as const, message: 'Contact deleted successfully' };
    },
  );
};
