// The blog's rules and texts without zod, so public pages can use them (decisions 022 and 024). The API's
// shapes are in contracts/blog.ts.

export const BLOG_CATEGORIES = ['Technology', 'Sports', 'News', 'Entertainment', 'Other'] as const;
export type BlogCategory = (typeof BLOG_CATEGORIES)[number];
export const DEFAULT_BLOG_CATEGORY: BlogCategory = 'Other';
/** The byline of a post whose author has no display name. */
export const DEFAULT_BLOG_AUTHOR = 'Admin';

export const BLOG_LIMITS = {
  title: 200,
  description: 500,
  content: 100_000,
  slug: 120,
  image: 2_000,
  imageAlt: 300,
  author: 100,
} as const;

/** Public list page size (and the most an API client may ask for). */
export const BLOG_PAGE_SIZE = 12;
export const BLOG_PAGE_SIZE_MAX = 50;
/** Posts per page of the admin list, and the most it may ask for. */
export const ADMIN_BLOG_PAGE_SIZE = 50;
export const ADMIN_BLOG_PAGE_SIZE_MAX = 100;

/**
 * The slug the form suggests while a post is created: lowercased and trimmed; every character other than a
 * word character, whitespace or a hyphen removed; whitespace runs become one hyphen; repeated hyphens
 * collapse.
 */
export function slugify(title: string): string {
  return title
    .toLowerCase()
    .trim()
    .replace(/[^\w\s-]/g, '')
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-');
}

/** What a stored slug may look like: what slugify makes, and nothing a URL would have to escape. */
export const SLUG_PATTERN = /^[a-z0-9_-]+$/;

/** Slugs the API's own paths use (`GET /api/blogs/published`): a post cannot take them. */
export const RESERVED_SLUGS: readonly string[] = ['published', 'admin', 'preview'];

export const BLOG_MESSAGES = {
  created: 'Blog post created successfully',
  updated: 'Blog post updated successfully',
  deleted: 'Blog post deleted successfully',
  deleteFailed: 'Error deleting blog post',
  saveFailed: 'Error saving blog post',
  deleteConfirm: 'Are you sure you want to delete this blog post?',
  notFound: 'Blog not found',
  duplicateSlug: 'A blog post with this slug already exists. Choose another slug.',
  translationMissing: 'The translation must be an existing blog post.',
  translationSameLanguage: 'The translation must be a post in the other language.',
  /** Shown in place of a stored post that cannot be rendered (the server logs why). */
  cannotShow: 'This post cannot be shown right now.',
} as const;

export function isBlogCategory(value: unknown): value is BlogCategory {
  return typeof value === 'string' && (BLOG_CATEGORIES as readonly string[]).includes(value);
}

/** Whether a path segment could be a stored slug (anything else cannot exist: no need to look it up). */
export function isPossibleSlug(value: string): boolean {
  return value.length <= BLOG_LIMITS.slug && SLUG_PATTERN.test(value);
}

/**
 * Markdown text inserted at `position` as a block of its own: a blank line before it and after it where the
 * text around has none. An image put right after a list item was read as part of the item (issue 36).
 */
export function insertMarkdownBlock(text: string, position: number, block: string): string {
  const before = text.slice(0, position);
  const after = text.slice(position);
  const gapBefore = before === '' ? '' : '\n'.repeat(Math.max(0, 2 - trailingNewlines(before)));
  const gapAfter = after === '' ? '' : '\n'.repeat(Math.max(0, 2 - leadingNewlines(after)));
  return `${before}${gapBefore}${block}${gapAfter}${after}`;
}

function trailingNewlines(text: string): number {
  return /\n*$/.exec(text)?.[0].length ?? 0;
}

function leadingNewlines(text: string): number {
  return /^\n*/.exec(text)?.[0].length ?? 0;
}
