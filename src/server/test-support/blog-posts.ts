import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { BlogPost, BlogPostInput, BlogPostValues } from '../../shared/contracts/blog.ts';
import { asAdmin, type CurrentTestApp } from './test-app.ts';

let serial = 0;

/**
 * What the blog repository stores for a post written straight to it (not through the API): published now,
 * in English, with a title and slug no other test post has. `overrides` sets what a test looks at.
 */
export function blogPostValues(overrides: Partial<BlogPostValues> = {}): BlogPostValues {
  serial += 1;
  return {
    title: `Post ${serial}`,
    description: `About post ${serial}`,
    content: `## Section ${serial}\n\n- first item\n- second item`,
    slug: `post-${serial}-${randomUUID().slice(0, 8)}`,
    category: 'Technology',
    image: '',
    author: 'Admin',
    isPublished: true,
    scheduledAt: null,
    language: 'en',
    translationId: null,
    ...overrides,
  };
}

/**
 * A valid body for the blog API's create and save calls: published, in Technology, with a title and slug no
 * other test post has. `overrides` sets what a test looks at.
 */
export function blogPostInput(overrides: Partial<BlogPostInput> = {}): BlogPostInput {
  serial += 1;
  return {
    title: `Post ${serial}`,
    description: 'A short preview',
    content: '# Hello\n\nSome **Markdown**.',
    slug: `post-${serial}-${randomUUID().slice(0, 8)}`,
    category: 'Technology',
    image: '',
    isPublished: true,
    ...overrides,
  };
}

/**
 * Creates a post through the API as the signed-in admin of `t`, from blogPostInput(overrides), then moves the
 * test clock on by `advanceMs`: each post is newer than the one before, so orders never hang on a tie.
 */
export async function createBlogPost(
  t: CurrentTestApp & { cookie: string },
  overrides: Partial<BlogPostInput> = {},
  advanceMs = 1000,
): Promise<BlogPost> {
  const response = await t.app.inject(
    asAdmin(t.cookie, { method: 'POST', url: '/api/blogs', payload: blogPostInput(overrides) }),
  );
  expect(response.statusCode).toBe(201);
  t.clock.advance(advanceMs);
  return response.json().data;
}
