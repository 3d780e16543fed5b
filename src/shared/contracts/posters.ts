import { z } from 'zod';
import { LOCALES } from '../rules/locales.ts';
import { POSTER_LIMITS, POSTER_SIZES, POSTER_TAG_PATTERN } from '../rules/posters.ts';
import { requiredText } from './fields.ts';

/**
 * A counter poster (decision 077): a printable page with a QR code to the contact page or to one channel,
 * carrying its own source tag (`?src=<tag>`), so that the dashboard can tell which poster brought whom.
 * - `GET /api/admin/posters` -> PostersResponse
 * - `POST /api/admin/posters` PosterInput -> PosterSavedResponse (201)
 * - `PUT /api/admin/posters/{id}` PosterInput -> PosterSavedResponse
 * - `DELETE /api/admin/posters/{id}` -> MessageResponse
 * - `GET /api/admin/posters/{id}/poster.pdf`, `…/poster.png` -> the poster to print or share
 */
export const PosterInputSchema = z.object({
  /** What the owner calls it: "Counter at the shop", "Diwali flyer". */
  name: requiredText('Name', POSTER_LIMITS.name),
  /** The source tag in the QR code's address: short, lower case, shown to visitors in the address bar. */
  tag: requiredText('Source tag', POSTER_LIMITS.tag).check(
    z.toLowerCase(),
    z.regex(POSTER_TAG_PATTERN, 'Use letters, digits and dashes, e.g. counter-1'),
  ),
  /** Where the QR code leads: the contact page, or one published channel (its id). */
  channelId: z.uuid('Choose the contact page or a channel').nullable(),
  language: z.enum(LOCALES, 'Choose English or Hindi'),
  size: z.enum(POSTER_SIZES, 'Choose A4 or A5'),
});
export type PosterInput = z.output<typeof PosterInputSchema>;

export const PosterSchema = z.object({
  _id: z.string(),
  name: z.string(),
  tag: z.string(),
  channelId: z.string().nullable(),
  language: z.enum(LOCALES),
  size: z.enum(POSTER_SIZES),
  /** The address the QR code holds, on this site's origin. */
  url: z.string(),
  createdAt: z.iso.datetime(),
});
export type Poster = z.output<typeof PosterSchema>;

export const PostersResponseSchema = z.object({ posters: z.array(PosterSchema) });
export const PosterSavedResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  poster: PosterSchema,
});
