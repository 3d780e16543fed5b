// The blog form's schema, shared by the admin form and the server. zod/mini, like the contact form's.
import * as z from 'zod/mini';
import {
  BLOG_CATEGORIES,
  BLOG_LIMITS,
  DEFAULT_BLOG_AUTHOR,
  DEFAULT_BLOG_CATEGORY,
  RESERVED_SLUGS,
  SLUG_PATTERN,
} from '../rules/blog.ts';
import { isHttpUrl, type TextLines } from '../rules/fields.ts';
import { withoutControlCharacters } from './text-checks.ts';

const requiredText = (label: string, max: number, lines: TextLines = 'single') =>
  z
    .string(`${label} is required`)
    .check(
      z.trim(),
      withoutControlCharacters(label, lines),
      z.minLength(1, `${label} is required`),
      z.maxLength(max, `${label} must be at most ${max} characters`),
    );

/**
 * A file on this site, such as the demo posts' `/demo/blog/….jpg`. Never `//host` or `/\host`, which
 * browsers read as another site, nor whitespace, which URL parsers drop.
 */
function isSitePath(value: string): boolean {
  return /^\/(?![/\\])\S*$/.test(value);
}

/** POST /api/blogs and PUT /api/blogs/:id: the spec's form fields, checked after trimming. */
export const BlogPostInputSchema = z.object({
  title: requiredText('Title', BLOG_LIMITS.title),
  description: requiredText('Description', BLOG_LIMITS.description, 'multi'),
  content: requiredText('Content', BLOG_LIMITS.content, 'multi'),
  slug: requiredText('Slug', BLOG_LIMITS.slug).check(
    z.regex(SLUG_PATTERN, 'Slug may contain only lowercase letters, digits, hyphens and underscores'),
    z.refine((slug) => !RESERVED_SLUGS.includes(slug), 'This slug is reserved. Choose another slug.'),
  ),
  category: z._default(z.enum(BLOG_CATEGORIES, 'Category is required'), DEFAULT_BLOG_CATEGORY),
  image: z._default(
    z.string().check(
      z.trim(),
      withoutControlCharacters('Image URL'),
      z.maxLength(BLOG_LIMITS.image, `Image URL must be at most ${BLOG_LIMITS.image} characters`),
      z.refine(
        (value) => value === '' || isHttpUrl(value) || isSitePath(value),
        'Image URL must start with https://, http:// or / (a picture on this site)',
      ),
    ),
    '',
  ),
  author: z._default(
    z
      .string()
      .check(
        z.trim(),
        withoutControlCharacters('Author'),
        z.maxLength(BLOG_LIMITS.author),
        z.minLength(1, 'Author is required'),
      ),
    DEFAULT_BLOG_AUTHOR,
  ),
  isPublished: z._default(z.boolean('isPublished must be true or false'), false),
});
export type BlogPostInput = z.input<typeof BlogPostInputSchema>;
export type BlogPostValues = z.output<typeof BlogPostInputSchema>;
