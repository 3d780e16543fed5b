import { zodResolver } from '@hookform/resolvers/zod';
import { describe, expect, it } from 'vitest';
import { type BlogPost, type BlogPostInput, BlogPostInputSchema } from '../../../shared/contracts/blog.ts';
import { blogPostFormValues, EMPTY_BLOG_POST } from './blog-post-form.tsx';

const resolver = zodResolver(BlogPostInputSchema);

/** The messages the form would show, field by field, for these values. */
async function messages(values: BlogPostInput) {
  const result = await resolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
  return Object.fromEntries(Object.entries(result.errors).map(([field, error]) => [field, error?.message]));
}

describe('the blog form with the shared zod/mini schema', () => {
  it('shows the required messages, after trimming', async () => {
    expect(
      await messages({
        ...EMPTY_BLOG_POST,
        title: '   ',
        description: '\n',
        content: ' ',
        slug: '',
        category: '' as never,
      }),
    ).toEqual({
      title: 'Title is required',
      description: 'Description is required',
      content: 'Content is required',
      slug: 'Slug is required',
      category: 'Category is required',
    });
  });

  it('gives the trimmed values and the defaults to the submit handler', async () => {
    const result = await resolver(
      { title: ' Hello ', description: 'A post', content: '## Hi', slug: 'hello', image: '' },
      undefined,
      { fields: {}, shouldUseNativeValidation: false },
    );
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({
      title: 'Hello',
      description: 'A post',
      content: '## Hi',
      slug: 'hello',
      category: 'Other',
      image: '',
      // Left to the server, which names the signed-in author.
      author: '',
      isPublished: false,
      scheduledAt: null,
      language: 'en',
      translationId: null,
    });
  });

  it('refuses an image address that is not http(s)', async () => {
    const values = { ...EMPTY_BLOG_POST, title: 'T', description: 'D', content: 'C', slug: 't' };
    expect((await messages({ ...values, image: 'javascript:alert(1)' })).image).toMatch(/https:\/\//);
    expect(await messages({ ...values, image: 'https://example.com/a.png' })).toEqual({});
  });
});

describe('blogPostFormValues', () => {
  it('starts a new post as an unpublished draft in Other, its author left to the server', () => {
    expect(blogPostFormValues()).toMatchObject({ category: 'Other', isPublished: false, author: '' });
  });

  it('takes the edited post’s fields, its author included', () => {
    const post: BlogPost = {
      _id: 'p1',
      title: 'T',
      description: 'D',
      content: 'C',
      slug: 't',
      category: 'Sports',
      image: '',
      imageAlt: 'A match',
      author: 'Priya',
      isPublished: true,
      views: 3,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      publishedAt: '2026-01-01T00:00:00.000Z',
      scheduledAt: null,
      version: 4,
      language: 'en',
      translationId: null,
    };
    const { _id, views, createdAt, updatedAt, publishedAt, version, ...fields } = post;
    expect(blogPostFormValues(post)).toEqual(fields);
  });
});
