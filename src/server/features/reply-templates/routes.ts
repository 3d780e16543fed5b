import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, MessageResponseSchema } from '../../../shared/contracts/api.ts';
import {
  ReplyTemplateInputSchema,
  ReplyTemplateSavedResponseSchema,
  ReplyTemplatesResponseSchema,
} from '../../../shared/contracts/reply-templates.ts';
import { REPLY_TEMPLATES_MAX } from '../../../shared/rules/reply-templates.ts';
import { ADMIN_ERROR_RESPONSES, HttpError, SAVE_ERROR_RESPONSES } from '../../lib/http-errors.ts';
import { access } from '../../plugins/access.ts';
import type { ReplyTemplateRepository } from './repository.ts';

const TEMPLATE_NOT_FOUND = 'Template not found';

/**
 * The team's reply templates (decision 078): whoever answers inquiries (agents and administrators) reads and
 * keeps them; editors do not. Scripts read them with a token, and only a session changes them.
 */
export const replyTemplateRoutes: FastifyPluginAsyncZod<{ templates: ReplyTemplateRepository }> = async (
  app,
  { templates },
) => {
  app.get(
    '/api/reply-templates',
    {
      config: { access: access.scripted('inbox') },
      schema: {
        tags: ['inquiries'],
        operationId: 'listReplyTemplates',
        summary: "The team's reply templates, by title",
        response: { 200: ReplyTemplatesResponseSchema, ...ADMIN_ERROR_RESPONSES },
      },
    },
    async () => ({ templates: await templates.list() }),
  );

  app.post(
    '/api/reply-templates',
    {
      config: { access: access.session('inbox'), audit: { action: 'template.create' } },
      schema: {
        tags: ['inquiries'],
        operationId: 'createReplyTemplate',
        summary: 'Add a reply template: a title, a text with placeholders and blanks, and its language',
        body: ReplyTemplateInputSchema,
        response: { 201: ReplyTemplateSavedResponseSchema, ...SAVE_ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      if ((await templates.count()) >= REPLY_TEMPLATES_MAX)
        throw new HttpError(409, `A team keeps at most ${REPLY_TEMPLATES_MAX} templates: delete one first`);
      const template = await templates.create(request.body);
      return reply.status(201).send({ success: true as const, message: 'Template added', template });
    },
  );

  app.put(
    '/api/reply-templates/:id',
    {
      config: { access: access.session('inbox'), audit: { action: 'template.update', target: 'template' } },
      schema: {
        tags: ['inquiries'],
        operationId: 'replaceReplyTemplate',
        summary: "Change a reply template's title, text or language",
        params: idParamsSchema('template'),
        body: ReplyTemplateInputSchema,
        response: { 200: ReplyTemplateSavedResponseSchema, ...SAVE_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const template = await templates.update(request.params.id, request.body);
      if (!template) throw new HttpError(404, TEMPLATE_NOT_FOUND);
      return { success: true as const, message: 'Template saved', template };
    },
  );

  app.delete(
    '/api/reply-templates/:id',
    {
      config: { access: access.session('inbox'), audit: { action: 'template.delete', target: 'template' } },
      schema: {
        tags: ['inquiries'],
        operationId: 'deleteReplyTemplate',
        summary: 'Delete a reply template (the inquiries it answered keep its title in their history)',
        params: idParamsSchema('template'),
        response: { 200: MessageResponseSchema, ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (request) => {
      if (!(await templates.remove(request.params.id))) throw new HttpError(404, TEMPLATE_NOT_FOUND);
      return { success: true as const, message: 'Template deleted' };
    },
  );
};
