import { z } from 'zod';
import { LOCALES } from '../rules/locales.ts';
import { REPLY_TEMPLATE_LIMITS } from '../rules/reply-templates.ts';
import { requiredText } from './fields.ts';

/**
 * The team's reply templates (decision 078), offered in an inquiry's dialog for its WhatsApp, SMS and email
 * replies.
 * - `GET /api/reply-templates` -> ReplyTemplatesResponse
 * - `POST /api/reply-templates` ReplyTemplateInput -> ReplyTemplateSavedResponse (201)
 * - `PUT /api/reply-templates/{id}` ReplyTemplateInput -> ReplyTemplateSavedResponse
 * - `DELETE /api/reply-templates/{id}` -> MessageResponse
 */
export const ReplyTemplateInputSchema = z.object({
  title: requiredText('Title', REPLY_TEMPLATE_LIMITS.title),
  /** The text, with {name}, {service}, {brand}, {agent}, {hours} and blanks such as [[price]]. */
  body: requiredText('Text', REPLY_TEMPLATE_LIMITS.body, 'multi'),
  /** The language of the inquiries it answers: the dialog offers an inquiry the templates in its language. */
  language: z.enum(LOCALES, 'Choose English or Hindi'),
});
export type ReplyTemplateInput = z.output<typeof ReplyTemplateInputSchema>;

export const ReplyTemplateSchema = z.object({
  _id: z.string(),
  title: z.string(),
  body: z.string(),
  language: z.enum(LOCALES),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type ReplyTemplate = z.output<typeof ReplyTemplateSchema>;

export const ReplyTemplatesResponseSchema = z.object({ templates: z.array(ReplyTemplateSchema) });
export const ReplyTemplateSavedResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  template: ReplyTemplateSchema,
});
