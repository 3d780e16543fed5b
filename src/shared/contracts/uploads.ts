// Uploaded images: what POST /api/uploads answers, and how a page shows an upload in several sizes.
import { z } from 'zod';
import { idParamsSchema } from './api.ts';

/** An uploaded image: `url` is its largest size in its own format, and never changes. */
export const UploadSchema = z.object({
  _id: z.string(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type Upload = z.infer<typeof UploadSchema>;

/** POST /api/uploads (multipart, field `file`) -> 201 */
export const UploadResponseSchema = z.object({
  success: z.literal(true),
  data: UploadSchema,
  message: z.string(),
});

export const UploadIdParamsSchema = idParamsSchema('image');

/** GET /uploads/:id/:file: one stored file of an upload, e.g. `800.webp`. */
export const UploadFileParamsSchema = z.object({ id: z.string(), file: z.string() });

/**
 * An upload as a page shows it: `srcset`s by type (WebP first, then the original format), the largest file in
 * the original format as `src`, and the size that keeps the page from shifting while it loads.
 */
export const UploadPictureSchema = z.object({
  src: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  sources: z.array(z.object({ type: z.string(), srcset: z.string() })),
});
export type UploadPicture = z.infer<typeof UploadPictureSchema>;
