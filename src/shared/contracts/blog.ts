// The blog API's shapes: the form's input (shared by the admin form and the server) and the posts the API
// returns. Public pages import only types from here (erased): their data comes through the server's renderer.
import { z } from 'zod';
import {
  ADMIN_BLOG_PAGE_SIZE,
  ADMIN_BLOG_PAGE_SIZE_MAX,
  BLOG_CATEGORIES,
  BLOG_LIMITS,
  BLOG_PAGE_SIZE,
  BLOG_PAGE_SIZE_MAX,
  DEFAULT_BLOG_CATEGORY,
  RESERVED_SLUGS,
  SLUG_PATTERN,
} from '../rules/blog.ts';
import { SCHEDULE_MESSAGES } from '../rules/blog-schedule.ts';
import { isHttpUrl } from '../rules/fields.ts';
import { LOCALES } from '../rules/locales.ts';
import { idParamsSchema } from './api.ts';
import { requiredText, withoutControlCharacters } from './fields.ts';
import { emptyAsUndefined, PAGE_FIELDS, pagingQuery } from './paging.ts';
import { UploadPictureSchema } from './uploads.ts';

/**
 * A file on this site, such as the demo posts' `/demo/blog/….jpg`. Never `//host` or `/\host`, which
 * browsers read as another site, nor whitespace, which URL parsers drop.
 */
function isSitePath(value: string): boolean {
  return /^\/(?![/\\])\S*$/.test(value);
}

/**
 * When a draft publishes itself: an instant with its offset (`Z` or `+05:30`), kept as UTC ISO 8601. Empty
 * is how the form says "Schedule chosen, no time yet". That it lies ahead, and that the post is not also
 * published now, is checked against the clock (scheduleProblem in rules/blog-schedule.ts).
 */
const ScheduledAtSchema = z
  .string(SCHEDULE_MESSAGES.format)
  .check(z.minLength(1, SCHEDULE_MESSAGES.missing), withoutControlCharacters('Scheduled time'))
  .pipe(z.iso.datetime({ offset: true, error: SCHEDULE_MESSAGES.format }))
  .transform((value) => new Date(value).toISOString());

/** POST /api/blogs and PUT /api/blogs/:id: the form's fields, checked after trimming. */
export const BlogPostInputSchema = z.object({
  title: requiredText('Title', BLOG_LIMITS.title),
  description: requiredText('Description', BLOG_LIMITS.description, 'multi'),
  content: requiredText('Content', BLOG_LIMITS.content, 'multi'),
  slug: requiredText('Slug', BLOG_LIMITS.slug).check(
    z.regex(SLUG_PATTERN, 'Slug may contain only lowercase letters, digits, hyphens and underscores'),
    z.refine((slug) => !RESERVED_SLUGS.includes(slug), 'This slug is reserved. Choose another slug.'),
  ),
  category: z.enum(BLOG_CATEGORIES, 'Category is required').default(DEFAULT_BLOG_CATEGORY),
  image: z
    .string()
    .check(
      z.trim(),
      withoutControlCharacters('Image URL'),
      z.maxLength(BLOG_LIMITS.image, `Image URL must be at most ${BLOG_LIMITS.image} characters`),
      z.refine(
        (value) => value === '' || isHttpUrl(value) || isSitePath(value),
        'Image URL must start with https://, http:// or / (a picture on this site)',
      ),
    )
    .default(''),
  /** The feature image's description for those who cannot see it; empty when it is only decoration. */
  imageAlt: z
    .string()
    .check(
      z.trim(),
      withoutControlCharacters('Image description'),
      z.maxLength(
        BLOG_LIMITS.imageAlt,
        `Image description must be at most ${BLOG_LIMITS.imageAlt} characters`,
      ),
    )
    .optional(),
  /**
   * The byline's name. Empty (or left out): the post's author, the signed-in user who creates it, by their
   * display name; an edit that leaves it empty keeps the post's author.
   */
  author: z
    .string()
    .check(z.trim(), withoutControlCharacters('Author'), z.maxLength(BLOG_LIMITS.author))
    .default(''),
  isPublished: z.boolean('isPublished must be true or false').default(false),
  /** Null unless the post is a draft that publishes itself then. */
  scheduledAt: ScheduledAtSchema.nullable().default(null),
  /** The blog the post belongs to: English at /blog, Hindi at /hi/blog. */
  language: z.enum(LOCALES, `Language must be one of ${LOCALES.join(', ')}`).default('en'),
  /**
   * The same post in the other language (empty: none). That it exists and is in the other language is
   * checked by the server.
   */
  translationId: z.uuid('Translation must be a blog post').nullable().default(null),
});
export type BlogPostInput = z.input<typeof BlogPostInputSchema>;
export type BlogPostValues = z.output<typeof BlogPostInputSchema>;

/** A card of a list: a post without its content. */
export const BlogPostSummarySchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  slug: z.string(),
  category: z.enum(BLOG_CATEGORIES),
  image: z.string(),
  imageAlt: z.string(),
  author: z.string(),
  isPublished: z.boolean(),
  views: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Set the first time the post is published and kept after (null while it never was). */
  publishedAt: z.string().nullable(),
  /** When this draft publishes itself; null when it is not scheduled. */
  scheduledAt: z.string().nullable(),
  /** Bumped by every change: the editor sends back the version it started from (a 409 if it is old). */
  version: z.number().int(),
  /** The feature image's sizes, when it is an upload (public lists and pages only). */
  imagePicture: UploadPictureSchema.optional(),
  language: z.enum(LOCALES),
  /** The same post in the other language; null when there is none. */
  translationId: z.string().nullable(),
});
export type BlogPostSummary = z.infer<typeof BlogPostSummarySchema>;

/** A post as the API returns it, plus when it was last changed and first published. */
export const BlogPostSchema = BlogPostSummarySchema.extend({ content: z.string() });
export type BlogPost = z.infer<typeof BlogPostSchema>;

/** Where a post's translation is read: only a published one is named to visitors. */
export const BlogTranslationLinkSchema = z.object({ slug: z.string(), language: z.enum(LOCALES) });
export type BlogTranslationLink = z.infer<typeof BlogTranslationLinkSchema>;

/**
 * A post as a public page shows it: its content as sanitized HTML instead of the Markdown source, and its
 * published translation, if any.
 */
export type PublicBlogPost = BlogPostSummary & { html: string; translation: BlogTranslationLink | null };

// `?category=` and `?page=` may arrive empty (a form's URL carries them so): empty means "not given".
export const PublishedBlogListQuerySchema = z.object({
  /** One language's posts (every language's when absent). */
  language: z.preprocess(
    emptyAsUndefined,
    z.enum(LOCALES, `Language must be one of ${LOCALES.join(', ')}`).optional(),
  ),
  category: z.preprocess(
    emptyAsUndefined,
    z.enum(BLOG_CATEGORIES, `Category must be one of ${BLOG_CATEGORIES.join(', ')}`).optional(),
  ),
  ...pagingQuery({ pageSize: BLOG_PAGE_SIZE, maxPageSize: BLOG_PAGE_SIZE_MAX, wholeNumberMessages: true }),
});

export const AdminBlogListQuerySchema = z.object({
  /** One language's posts (the editor's choice of a translation); every post when absent. */
  language: z.preprocess(
    emptyAsUndefined,
    z.enum(LOCALES, `Language must be one of ${LOCALES.join(', ')}`).optional(),
  ),
  ...pagingQuery({
    pageSize: ADMIN_BLOG_PAGE_SIZE,
    maxPageSize: ADMIN_BLOG_PAGE_SIZE_MAX,
    wholeNumberMessages: true,
  }),
});

export const BlogListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(BlogPostSummarySchema),
  ...PAGE_FIELDS,
});
export type BlogListResponse = z.infer<typeof BlogListResponseSchema>;

/** One page of the public list, as the server's data context hands it to the page renderer. */
export type PublishedBlogPage = Omit<BlogListResponse, 'success' | 'data'> & { items: BlogPostSummary[] };

export const BlogIdParamsSchema = idParamsSchema('blog post');
// GET /api/blogs/{post} reads a post by its slug, PUT and DELETE change one by its id (decision 043):
// one path template, so the parameter has one name. Any text as a slug: a slug that cannot exist is a 404
// like one that does not (the handler checks its form).
export const BlogPostSlugParamsSchema = z.object({
  post: z.string().meta({ description: 'The post’s slug' }),
});
export const BlogPostIdParamsSchema = z.object({
  post: z.uuid('Invalid blog post id').meta({ description: 'The post’s id' }),
});

export const BlogPostResponseSchema = z.object({ success: z.literal(true), data: BlogPostSchema });
export const BlogPostDetailResponseSchema = z.object({
  success: z.literal(true),
  data: BlogPostSchema.extend({ html: z.string(), translation: BlogTranslationLinkSchema.nullable() }),
});
export const BlogPostSavedResponseSchema = z.object({
  success: z.literal(true),
  data: BlogPostSchema,
  message: z.string(),
});
export const BlogPreviewResponseSchema = z.object({ success: z.literal(true), html: z.string() });
