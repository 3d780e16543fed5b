// The shapes of a post's revisions and of the editor's autosaved drafts (admin only).

import { z } from 'zod';
import { BLOG_CATEGORIES, BLOG_LIMITS } from '../rules/blog.ts';
import { BLOG_REVISION_MESSAGES, NEW_POST_KEY } from '../rules/blog-revisions.ts';
import { LOCALES } from '../rules/locales.ts';
import { BlogPostSchema } from './blog.ts';
import { withoutControlCharacters } from './fields.ts';

/** The version of a post the editor started from: a save naming an older one is refused with 409. */
export const PostVersionSchema = z
  .number('Version must be a number')
  .int('Version must be a whole number')
  .positive('Version must be at least 1');

/** POST /api/blogs/admin/:id/revisions/:revisionId/restore: the editor's version, when it has one. */
export const RestoreRevisionBodySchema = z.object({ version: PostVersionSchema.optional() });

export const BlogRevisionParamsSchema = z.object({
  id: z.uuid('Invalid blog post id'),
  revisionId: z.uuid('Invalid revision id'),
});

/** A line of the revisions list: who saved which version, and when. */
export const BlogRevisionSummarySchema = z.object({
  _id: z.string(),
  version: z.number().int(),
  /** Empty for the copy kept of a post saved before revisions were kept. */
  savedByName: z.string(),
  createdAt: z.string(),
  title: z.string(),
});
export type BlogRevisionSummary = z.infer<typeof BlogRevisionSummarySchema>;

/** A revision with every field it kept, each as the post has it. */
export const BlogRevisionSchema = BlogRevisionSummarySchema.extend(
  BlogPostSchema.pick({
    description: true,
    content: true,
    slug: true,
    category: true,
    image: true,
    imageAlt: true,
    author: true,
    isPublished: true,
  }).shape,
);
export type BlogRevision = z.infer<typeof BlogRevisionSchema>;

export const BlogRevisionListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(BlogRevisionSummarySchema),
});
export const BlogRevisionResponseSchema = z.object({ success: z.literal(true), data: BlogRevisionSchema });

/** `new` for a post not yet created, or the id of the post being edited. */
export const AutosaveParamsSchema = z.object({
  postKey: z.union([z.literal(NEW_POST_KEY), z.uuid()], BLOG_REVISION_MESSAGES.invalidPostKey),
});

/** An ISO 8601 instant with its offset is 29 characters at most; a little room for what the form holds. */
const SCHEDULED_AT_DRAFT_MAX = 40;

function draftText(label: string, max: number, lines: 'single' | 'multi' = 'single') {
  return z
    .string(`${label} must be text`)
    .check(withoutControlCharacters(label, lines))
    .max(max, `${label} must be at most ${max} characters`)
    .optional();
}

/**
 * The editor's values as typed, half-written ones too: nothing is required and nothing is trimmed, but
 * every field keeps its length limit and its control-character rule.
 */
export const AutosaveValuesSchema = z.object({
  title: draftText('Title', BLOG_LIMITS.title),
  description: draftText('Description', BLOG_LIMITS.description, 'multi'),
  content: draftText('Content', BLOG_LIMITS.content, 'multi'),
  slug: draftText('Slug', BLOG_LIMITS.slug),
  category: z.enum(BLOG_CATEGORIES, 'Category must be one of the list').optional(),
  image: draftText('Image URL', BLOG_LIMITS.image),
  imageAlt: draftText('Image description', BLOG_LIMITS.imageAlt),
  author: draftText('Author', BLOG_LIMITS.author),
  isPublished: z.boolean('isPublished must be true or false').optional(),
  // As the form holds it: an instant, empty while Schedule has no time yet, null when not scheduled.
  scheduledAt: draftText('Scheduled time', SCHEDULED_AT_DRAFT_MAX).nullable(),
  language: z.enum(LOCALES, 'Language must be one of the list').optional(),
  translationId: z.uuid('Translation must be a blog post').nullable().optional(),
});
export type AutosaveValues = z.infer<typeof AutosaveValuesSchema>;

/** PUT /api/blogs/autosaves/:postKey */
export const AutosaveBodySchema = z.object({
  values: AutosaveValuesSchema,
  /** The post's version the editor started from (none for a new post). */
  baseVersion: PostVersionSchema.nullable().default(null),
});
export type AutosaveBody = z.input<typeof AutosaveBodySchema>;

export const AutosaveSchema = z.object({
  values: AutosaveValuesSchema,
  baseVersion: z.number().int().nullable(),
  savedAt: z.string(),
});
export type Autosave = z.infer<typeof AutosaveSchema>;

/** The signed-in user's own draft of this post, or null when there is none. */
export const AutosaveResponseSchema = z.object({ success: z.literal(true), data: AutosaveSchema.nullable() });
export const AutosaveSavedResponseSchema = z.object({ success: z.literal(true), savedAt: z.string() });
