import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { ApiErrorSchema } from '../../../shared/api.ts';
import { ContactInquiryCreateSchema, INQUIRY_SUCCESS_MESSAGE } from '../../../shared/contact-inquiries.ts';
import { newId } from '../../db/values.ts';
import { HttpError } from '../../plugins/errors.ts';
import { consumePoint, createLimiter } from '../../plugins/rate-limits.ts';
import type { ContactInquiryRepository } from './repository.ts';

export interface ContactInquiryDeps {
  contactInquiries: ContactInquiryRepository;
  /** Inquiries accepted per client IP per hour (INQUIRY_LIMIT_PER_HOUR). */
  limitPerHour: number;
  redis?: Redis;
}

const HOUR_SECONDS = 60 * 60;

function tooManyInquiries(retryAfterSeconds: number): HttpError {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return new HttpError(
    429,
    `Too many messages from your connection. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    undefined,
    { 'retry-after': String(retryAfterSeconds) },
  );
}

export const contactInquiryRoutes: FastifyPluginAsyncZod<ContactInquiryDeps> = async (
  app,
  { contactInquiries, limitPerHour, redis },
) => {
  const perIp = createLimiter(
    { keyPrefix: 'inquiry-ip', points: limitPerHour, durationSeconds: HOUR_SECONDS },
    redis,
  );

  app.post(
    '/api/contact-inquiries',
    {
      schema: {
        tags: ['inquiries'],
        summary: 'Send a message through the public contact form',
        body: ContactInquiryCreateSchema,
        response: {
          201: z.object({
            success: z.literal(true),
            message: z.string(),
            data: z.object({ _id: z.string() }),
          }),
          400: ApiErrorSchema,
          413: ApiErrorSchema,
          415: ApiErrorSchema,
          429: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      // Every well-formed post counts, a bot's included: the limit is what bounds a flood.
      const wait = await consumePoint(perIp, request.ip);
      if (wait > 0) throw tooManyInquiries(wait);

      const { website, ...inquiry } = request.body;
      let id: string;
      if (website) {
        // Honeypot: only bots fill in the hidden field. They get the answer a person gets, and nothing is
        // stored, so they have no signal to adapt to.
        request.log.info('contact form honeypot filled in; inquiry discarded');
        id = newId();
      } else {
        id = await contactInquiries.create(inquiry);
      }
      return reply
        .status(201)
        .send({ success: true as const, message: INQUIRY_SUCCESS_MESSAGE, data: { _id: id } });
    },
  );
};
