import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import pLimit from 'p-limit';
import { z } from 'zod';
import { idParamsSchema, MessageResponseSchema } from '../../../shared/contracts/api.ts';
import {
  type Poster,
  PosterInputSchema,
  PosterSavedResponseSchema,
  PostersResponseSchema,
} from '../../../shared/contracts/posters.ts';
import { POSTERS_MAX, posterPath } from '../../../shared/rules/posters.ts';
import type { Config } from '../../config.ts';
import { ADMIN_ERROR_RESPONSES, HttpError, SAVE_ERROR_RESPONSES } from '../../lib/http-errors.ts';
import { siteOrigin } from '../../lib/site-origin.ts';
import { access } from '../../plugins/access.ts';
import type { PosterContent } from './drawing.ts';
import { type PosterRepository, type StoredPoster, TagTakenError } from './repository.ts';

const POSTER_NOT_FOUND = 'Poster not found';
const TAG_TAKEN = 'Another poster has this source tag';
const CHANNEL_GONE = 'Choose the contact page or a published channel';

/** Drawing a poster takes a few hundred milliseconds of one core: one at a time per instance. */
const drawing = pLimit(1);

const FILES = {
  'poster.pdf': { format: 'pdf', type: 'application/pdf' },
  'poster.png': { format: 'png', type: 'image/png' },
} as const;
const PosterFileParamsSchema = idParamsSchema('poster').extend({
  file: z.enum(['poster.pdf', 'poster.png'], 'Ask for poster.pdf or poster.png'),
});

/**
 * Counter posters (decision 077): an administrator makes, changes and deletes them, and downloads each as a
 * PDF to print or a PNG to share. What they brought is on the dashboard (its clicks-and-views card).
 */
export const posterRoutes: FastifyPluginAsyncZod<{
  config: Config;
  posters: PosterRepository;
  /** Whether a channel is published (a poster may lead to it). */
  channelIsActive(id: string): Promise<boolean>;
  /** The words, brand, logo and hours a poster shows, and its QR code's address. */
  posterContent(poster: StoredPoster, url: string): Promise<PosterContent>;
  draw: { pdf(content: PosterContent): Promise<Buffer>; png(content: PosterContent): Promise<Buffer> };
  /** The posters' tags changed: pages and counted links read them again. */
  changed(): void;
}> = async (app, { config, posters, channelIsActive, posterContent, draw, changed }) => {
  const withUrl = (request: FastifyRequest, { id, ...poster }: StoredPoster): Poster => ({
    _id: id,
    ...poster,
    url: `${siteOrigin(config, request)}${posterPath(poster)}`,
  });
  const checkedInput = async (request: FastifyRequest<{ Body: z.output<typeof PosterInputSchema> }>) => {
    const { channelId } = request.body;
    if (channelId !== null && !(await channelIsActive(channelId)))
      throw new HttpError(400, `Please check the form: ${CHANNEL_GONE}`, {
        errors: { channelId: CHANNEL_GONE },
      });
    return request.body;
  };
  const saved = (request: FastifyRequest, poster: StoredPoster, message: string) => {
    changed();
    return { success: true as const, message, poster: withUrl(request, poster) };
  };
  const tagTaken = (error: unknown): never => {
    if (error instanceof TagTakenError)
      throw new HttpError(409, `Please check the form: ${TAG_TAKEN}`, { errors: { tag: TAG_TAKEN } });
    throw error;
  };

  app.get(
    '/api/admin/posters',
    {
      config: { access: access.session('administration') },
      schema: {
        tags: ['posters'],
        operationId: 'listPosters',
        summary: 'The counter posters, each with the address its QR code holds',
        response: { 200: PostersResponseSchema, ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (request) => ({ posters: (await posters.list()).map((poster) => withUrl(request, poster)) }),
  );

  app.post(
    '/api/admin/posters',
    {
      config: { access: access.session('administration'), audit: { action: 'poster.create' } },
      schema: {
        tags: ['posters'],
        operationId: 'createPoster',
        summary: 'Make a counter poster: a QR code to the contact page or a channel, with its own source tag',
        body: PosterInputSchema,
        response: { 201: PosterSavedResponseSchema, ...SAVE_ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const input = await checkedInput(request);
      if ((await posters.count()) >= POSTERS_MAX)
        throw new HttpError(409, `A site keeps at most ${POSTERS_MAX} posters: delete one first`);
      const poster = await posters.create(input).catch(tagTaken);
      return reply.status(201).send(saved(request, poster, 'Poster made'));
    },
  );

  app.put(
    '/api/admin/posters/:id',
    {
      config: {
        access: access.session('administration'),
        audit: { action: 'poster.update', target: 'poster' },
      },
      schema: {
        tags: ['posters'],
        operationId: 'replacePoster',
        summary: "Change a poster's name, tag, target, language or size",
        params: idParamsSchema('poster'),
        body: PosterInputSchema,
        response: { 200: PosterSavedResponseSchema, ...SAVE_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const input = await checkedInput(request);
      const poster = await posters.update(request.params.id, input).catch(tagTaken);
      if (!poster) throw new HttpError(404, POSTER_NOT_FOUND);
      return saved(request, poster, 'Poster saved');
    },
  );

  app.delete(
    '/api/admin/posters/:id',
    {
      config: {
        access: access.session('administration'),
        audit: { action: 'poster.delete', target: 'poster' },
      },
      schema: {
        tags: ['posters'],
        operationId: 'deletePoster',
        summary:
          'Delete a poster and what it counted (a printed copy then leads to the page without a source)',
        params: idParamsSchema('poster'),
        response: { 200: MessageResponseSchema, ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (request) => {
      if (!(await posters.remove(request.params.id))) throw new HttpError(404, POSTER_NOT_FOUND);
      changed();
      return { success: true as const, message: 'Poster deleted' };
    },
  );

  app.get(
    '/api/admin/posters/:id/:file',
    {
      config: { access: access.session('administration') },
      schema: {
        tags: ['posters'],
        operationId: 'drawPoster',
        summary: 'The poster as a PDF to print or a PNG to share',
        params: PosterFileParamsSchema,
        response: { 200: z.unknown().describe('The poster, a PDF or a PNG'), ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const { id, file: name } = request.params;
      const { format, type } = FILES[name];
      const poster = await posters.find(id);
      if (!poster) throw new HttpError(404, POSTER_NOT_FOUND);
      const content = await posterContent(poster, withUrl(request, poster).url);
      const file = await drawing(() => draw[format](content));
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="poster-${poster.tag}-${poster.size}.${format}"`)
        .type(type)
        .send(file);
    },
  );
};
