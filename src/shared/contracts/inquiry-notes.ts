// Private notes on an inquiry, written by the team in the back office (issue 18).
import { z } from 'zod';
import { INQUIRY_NOTE_MAX_LENGTH } from '../rules/contact-inquiries.ts';
import { idParamsSchema } from './api.ts';
import { requiredText } from './fields.ts';

export const InquiryNoteSchema = z.object({
  _id: z.string(),
  body: z.string(),
  /** `_id` is null once the author's account is deleted; the name stays. */
  author: z.object({ _id: z.string().nullable(), name: z.string() }),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Changed since it was written. */
  edited: z.boolean(),
});
export type InquiryNote = z.infer<typeof InquiryNoteSchema>;

/** The note being written or edited: several lines, up to INQUIRY_NOTE_MAX_LENGTH characters. */
export const InquiryNoteInputSchema = z.object({
  body: requiredText('Note', INQUIRY_NOTE_MAX_LENGTH, 'multi'),
});
export type InquiryNoteInput = z.infer<typeof InquiryNoteInputSchema>;

export const InquiryNoteParamsSchema = idParamsSchema('inquiry').extend({
  noteId: z.uuid('Invalid note id'),
});

/** An inquiry's notes, oldest first. */
export const InquiryNotesResponseSchema = z.object({ notes: z.array(InquiryNoteSchema) });

export const InquiryNoteResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  note: InquiryNoteSchema,
});
