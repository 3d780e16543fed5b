// An inquiry's history in the back office (issue 18): who changed its status, assigned it, wrote notes and
// opened which reply link, and when.
import { z } from 'zod';
import { INQUIRY_REPLY_CHANNELS } from '../rules/contact-inquiries.ts';
import { InquiryStatusSchema } from './contact-inquiries.ts';

const entry = {
  _id: z.string(),
  /** Who did it: `_id` is null once their account is deleted; the name stays. */
  actor: z.object({ _id: z.string().nullable(), name: z.string() }),
  at: z.string(),
};

const InquiryReplyChannelSchema = z.enum(
  INQUIRY_REPLY_CHANNELS,
  'Choose a reply channel: whatsapp, call, sms or email',
);

/** One entry; besides who and when, what it says depends on its `kind`. */
export const InquiryEventSchema = z.discriminatedUnion('kind', [
  z.object({ ...entry, kind: z.literal('status'), from: InquiryStatusSchema, to: InquiryStatusSchema }),
  z.object({
    ...entry,
    kind: z.literal('assigned'),
    /** The names as they were then. */
    assignee: z.string(),
    previous: z.string().nullable(),
  }),
  z.object({ ...entry, kind: z.literal('unassigned'), previous: z.string() }),
  z.object({ ...entry, kind: z.literal('note'), action: z.enum(['added', 'edited', 'deleted']) }),
  z.object({
    ...entry,
    kind: z.literal('reply-link'),
    channel: InquiryReplyChannelSchema,
    /** The reply template the text came from, by its title when it was sent (decision 078). */
    template: z.string().optional(),
  }),
]);
export type InquiryEvent = z.infer<typeof InquiryEventSchema>;

/** The newest entries first, at most INQUIRY_HISTORY_LIMIT of them. */
export const InquiryHistoryResponseSchema = z.object({ events: z.array(InquiryEventSchema) });

/** POST /api/contact-inquiries/:id/reply-link: the inbox tells which reply link was opened. */
export const InquiryReplyLinkInputSchema = z.object({
  channel: InquiryReplyChannelSchema,
  /** The reply template whose text the link carries, if any. */
  templateId: z.uuid('Invalid template id').optional(),
});
