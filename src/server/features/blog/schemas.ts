// What only the server can check of a blog post: whether the renderer can show its Markdown. The API's
// other shapes are in src/shared/contracts/blog.ts.
import { z } from 'zod';
import { BlogPostInputSchema } from '../../../shared/contracts/blog.ts';
import { PostVersionSchema } from '../../../shared/contracts/blog-revisions.ts';
import { withoutControlCharacters } from '../../../shared/contracts/fields.ts';
import { BLOG_LIMITS } from '../../../shared/rules/blog.ts';
import { MARKDOWN_TOO_DEEP_MESSAGE, markdownNestingProblem } from './markdown.ts';

// Only the server has the renderer, so the form's schema cannot check this: the form shows the server's
// message on the content field.
const renderableContent = z.refine<string>(
  (content) => markdownNestingProblem(content) === null,
  MARKDOWN_TOO_DEEP_MESSAGE,
);

/** POST /api/blogs and PUT /api/blogs/:id: the form's fields, with content the renderer can show. */
export const BlogPostBodySchema = BlogPostInputSchema.extend({
  content: BlogPostInputSchema.shape.content.check(renderableContent),
});

/** PUT /api/blogs/:id: as a new post, and the version the editor started from (a 409 when it is old). */
export const BlogPostUpdateBodySchema = BlogPostBodySchema.extend({ version: PostVersionSchema.optional() });

/** POST /api/blogs/preview: the content as a save would take it (empty too: it previews as nothing). */
export const BlogPreviewBodySchema = z.object({
  content: z
    .string('Content must be text')
    .check(withoutControlCharacters('Content', 'multi'))
    .max(BLOG_LIMITS.content, `Content must be at most ${BLOG_LIMITS.content} characters`)
    .check(renderableContent),
});
