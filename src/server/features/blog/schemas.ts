// The blog API's request and response shapes for the routes (full zod, server only). The input the
// admin form sends is BlogPostInputSchema in src/shared/blog.ts; the types are those of blog-rules.ts.
import { z } from 'zod';
import * as zm from 'zod/mini';
import { idParamsSchema } from '../../../shared/contracts/api.ts';
import { BlogPostInputSchema } from '../../../shared/contracts/blog.ts';
import { withoutControlCharacters } from '../../../shared/contracts/text-checks.ts';
import {
  BLOG_CATEGORIES,
  BLOG_LIMITS,
  BLOG_PAGE_SIZE,
  BLOG_PAGE_SIZE_MAX,
  type BlogPost,
  type BlogPostSummary,
} from '../../../shared/rules/blog.ts';
import { MARKDOWN_TOO_DEEP_MESSAGE, markdownNestingProblem } from './markdown.ts';

/** Posts per page of the admin list, and the most it may ask for. */
export const ADMIN_BLOG_PAGE_SIZE = 50;
export const ADMIN_BLOG_PAGE_SIZE_MAX = 100;

const BlogPostSummaryFields = {
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  slug: z.string(),
  category: z.enum(BLOG_CATEGORIES),
  image: z.string(),
  author: z.string(),
  isPublished: z.boolean(),
  views: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
};

export const BlogPostSummarySchema = z.object(BlogPostSummaryFields);
export const BlogPostSchema = z.object({ ...BlogPostSummaryFields, content: z.string() });

// The schemas and the shared interfaces must describe the same thing.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const _summaryMatches: Same<z.infer<typeof BlogPostSummarySchema>, BlogPostSummary> = true;
const _postMatches: Same<z.infer<typeof BlogPostSchema>, BlogPost> = true;
void _summaryMatches;
void _postMatches;

/** `?category=` and `?page=` may arrive empty (a form's URL carries them so): empty means "not given". */
const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

const pageParam = z.preprocess(
  emptyAsUndefined,
  z.coerce
    .number('Page must be a number')
    .int('Page must be a whole number')
    .min(1)
    .max(1_000_000)
    .default(1),
);
const pageSizeParam = (fallback: number, max: number) =>
  z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number('Page size must be a number')
      .int('Page size must be a whole number')
      .min(1)
      .max(max)
      .default(fallback),
  );

export const PublishedBlogListQuerySchema = z.object({
  category: z.preprocess(
    emptyAsUndefined,
    z.enum(BLOG_CATEGORIES, `Category must be one of ${BLOG_CATEGORIES.join(', ')}`).optional(),
  ),
  page: pageParam,
  pageSize: pageSizeParam(BLOG_PAGE_SIZE, BLOG_PAGE_SIZE_MAX),
});
export type PublishedBlogListQuery = z.infer<typeof PublishedBlogListQuerySchema>;

export const AdminBlogListQuerySchema = z.object({
  page: pageParam,
  pageSize: pageSizeParam(ADMIN_BLOG_PAGE_SIZE, ADMIN_BLOG_PAGE_SIZE_MAX),
});

export const BlogListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(BlogPostSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const BlogIdParamsSchema = idParamsSchema('blog post');
// Any text: a slug that cannot exist is a 404 like one that does not (the handler checks its form).
export const BlogSlugParamsSchema = z.object({ slug: z.string() });

export const BlogPostResponseSchema = z.object({ success: z.literal(true), data: BlogPostSchema });
export const BlogPostDetailResponseSchema = z.object({
  success: z.literal(true),
  data: BlogPostSchema.extend({ html: z.string() }),
});
export const BlogPostSavedResponseSchema = z.object({
  success: z.literal(true),
  data: BlogPostSchema,
  message: z.string(),
});

// Only the server has the renderer, so the form's schema cannot check this: the form shows the server's
// message on the content field.
const renderableContent = zm.refine<string>(
  (content) => markdownNestingProblem(content) === null,
  MARKDOWN_TOO_DEEP_MESSAGE,
);

/** POST /api/blogs and PUT /api/blogs/:id: the form's fields, with content the renderer can show. */
export const BlogPostBodySchema = zm.extend(BlogPostInputSchema, {
  content: BlogPostInputSchema.shape.content.check(renderableContent),
});

/** POST /api/blogs/preview: the content as a save would take it (empty too: it previews as nothing). */
export const BlogPreviewBodySchema = z.object({
  content: z
    .string('Content must be text')
    .check(withoutControlCharacters('Content', 'multi'))
    .max(BLOG_LIMITS.content, `Content must be at most ${BLOG_LIMITS.content} characters`)
    .check(renderableContent),
});
export const BlogPreviewResponseSchema = z.object({ success: z.literal(true), html: z.string() });
