import { XMLParser } from 'fast-xml-parser';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { BlogPost, BlogPostInput } from '../../../shared/contracts/blog.ts';
import { BLOG_MESSAGES } from '../../../shared/rules/blog.ts';
import { blogPostInput, createBlogPost } from '../../test-support/blog-posts.ts';
import {
  asAdmin,
  expectBadRequest,
  signedInAppForEachTest,
  TEST_DIALECTS,
  TEST_ORIGIN,
} from '../../test-support/test-app.ts';

const UNKNOWN_ID = '01936b2e-8f3a-7c4d-9e5f-0a1b2c3d4e5f';

describe.each(TEST_DIALECTS)('blog posts by language (%s)', (dialect) => {
  const t = signedInAppForEachTest(dialect);
  const admin = (options: InjectOptions) => t.app.inject(asAdmin(t.cookie, options));

  const createPost = (overrides?: Partial<BlogPostInput>) => createBlogPost(t, overrides);

  async function updatePost(post: BlogPost, changes: Partial<BlogPostInput>) {
    const { _id, views, createdAt, updatedAt, publishedAt, version, ...fields } = post;
    return admin({ method: 'PUT', url: `/api/blogs/${_id}`, payload: { ...fields, ...changes } });
  }

  async function stored(post: BlogPost): Promise<BlogPost> {
    return (await admin({ method: 'GET', url: `/api/blogs/admin/${post._id}` })).json().data;
  }

  const publishedSlugs = async (query: string) =>
    (await t.app.inject({ url: `/api/blogs/published${query}` }))
      .json()
      .data.map((post: BlogPost) => post.slug);

  it('lists each language’s published posts on its own, and all of them without a language', async () => {
    const english = await createPost();
    const hindi = await createPost({ language: 'hi', title: 'क्रिकेट की ख़बर' });
    await createPost({ language: 'hi', isPublished: false });
    expect(hindi.language).toBe('hi');
    expect(await publishedSlugs('?language=hi')).toEqual([hindi.slug]);
    expect(await publishedSlugs('?language=en')).toEqual([english.slug]);
    expect(await publishedSlugs('?language=hi&category=Sports')).toEqual([]);
    expect(await publishedSlugs('')).toEqual([hindi.slug, english.slug]);
    expect((await t.app.inject({ url: '/api/blogs/published?language=hi' })).json().total).toBe(1);
    expectBadRequest(await t.app.inject({ url: '/api/blogs/published?language=fr' }), 'language');
  });

  it('refuses a language it does not have', async () => {
    expectBadRequest(
      await admin({ method: 'POST', url: '/api/blogs', payload: blogPostInput({ language: 'fr' as never }) }),
      'language',
    );
  });

  it('links a post to its translation on both sides, and shows the published one to visitors', async () => {
    const english = await createPost({ slug: 'match-report' });
    const hindi = await createPost({ slug: 'match-report-hi', language: 'hi', translationId: english._id });
    expect(hindi.translationId).toBe(english._id);
    expect((await stored(english)).translationId).toBe(hindi._id);

    const englishPage = (await t.app.inject({ url: '/api/blogs/match-report' })).json().data;
    expect(englishPage.translation).toEqual({ slug: 'match-report-hi', language: 'hi' });
    const hindiPage = (await t.app.inject({ url: '/api/blogs/match-report-hi' })).json().data;
    expect(hindiPage.translation).toEqual({ slug: 'match-report', language: 'en' });

    // A translation still in draft is not named to visitors.
    expect((await updatePost(await stored(hindi), { isPublished: false })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/blogs/match-report' })).json().data.translation).toBeNull();
  });

  it('refuses a translation that does not exist, is in the same language, or is the post itself', async () => {
    const english = await createPost();
    const otherEnglish = await createPost();
    const create = (overrides: Partial<BlogPostInput>) =>
      admin({ method: 'POST', url: '/api/blogs', payload: blogPostInput(overrides) });

    expectBadRequest(
      await create({ language: 'hi', translationId: UNKNOWN_ID }),
      'translationId',
      BLOG_MESSAGES.translationMissing,
    );
    expectBadRequest(
      await create({ language: 'en', translationId: english._id }),
      'translationId',
      BLOG_MESSAGES.translationSameLanguage,
    );
    expectBadRequest(await create({ language: 'hi', translationId: 'not-an-id' }), 'translationId');
    expectBadRequest(
      await updatePost(english, { translationId: english._id }),
      'translationId',
      BLOG_MESSAGES.translationSameLanguage,
    );
    expectBadRequest(
      await updatePost(english, { translationId: otherEnglish._id }),
      'translationId',
      BLOG_MESSAGES.translationSameLanguage,
    );
    // Nothing was linked by the refused saves.
    expect((await stored(english)).translationId).toBeNull();
    expect((await stored(otherEnglish)).translationId).toBeNull();
  });

  it('refuses a change of language that would leave the post linked to one in its own language', async () => {
    const english = await createPost();
    const hindi = await createPost({ language: 'hi', translationId: english._id });
    expectBadRequest(
      await updatePost(await stored(hindi), { language: 'en' }),
      'translationId',
      BLOG_MESSAGES.translationSameLanguage,
    );
    // Moved to English without its link, it is nobody's translation any more.
    const moved = await updatePost(await stored(hindi), { language: 'en', translationId: null });
    expect(moved.statusCode).toBe(200);
    expect((await stored(english)).translationId).toBeNull();
  });

  it('keeps one translation per post: a new link replaces the old on every side', async () => {
    const english = await createPost();
    const firstHindi = await createPost({ language: 'hi', translationId: english._id });
    const secondHindi = await createPost({ language: 'hi' });

    // Linked from the English side this time.
    expect((await updatePost(await stored(english), { translationId: secondHindi._id })).statusCode).toBe(
      200,
    );
    expect((await stored(english)).translationId).toBe(secondHindi._id);
    expect((await stored(secondHindi)).translationId).toBe(english._id);
    expect((await stored(firstHindi)).translationId).toBeNull();

    // Unlinked from the Hindi side.
    expect((await updatePost(await stored(secondHindi), { translationId: null })).statusCode).toBe(200);
    expect((await stored(english)).translationId).toBeNull();
  });

  it('clears the link of a deleted post’s translation', async () => {
    const english = await createPost();
    const hindi = await createPost({ language: 'hi', translationId: english._id });
    expect((await admin({ method: 'DELETE', url: `/api/blogs/${hindi._id}` })).statusCode).toBe(200);
    expect((await stored(english)).translationId).toBeNull();
  });

  it('lists each post at its language’s address in the sitemap, and each language’s feed has its own posts', async () => {
    const english = await createPost({ slug: 'english-news' });
    await createPost({ slug: 'hindi-news', language: 'hi', title: 'हिन्दी ख़बर' });
    const sitemap = (await t.app.inject({ url: '/sitemap.xml' })).body;
    expect(sitemap).toContain(`<loc>${TEST_ORIGIN}/hi/blog/hindi-news</loc>`);
    expect(sitemap).toContain(`<loc>${TEST_ORIGIN}/blog/english-news</loc>`);
    expect(sitemap).toContain(`<loc>${TEST_ORIGIN}/hi/blog</loc>`);
    expect(sitemap).not.toContain(`${TEST_ORIGIN}/blog/hindi-news<`);

    const parser = new XMLParser({ isArray: (name) => name === 'item' });
    const englishFeed = parser.parse((await t.app.inject({ url: '/blog/rss.xml' })).body).rss.channel;
    expect(englishFeed.item.map((item: { link: string }) => item.link)).toEqual([
      `${TEST_ORIGIN}/blog/${english.slug}`,
    ]);
    const hindiFeed = parser.parse((await t.app.inject({ url: '/hi/blog/rss.xml' })).body).rss.channel;
    expect(hindiFeed.title).toBe('Sampark ब्लॉग');
    expect(hindiFeed.language).toBe('hi-IN');
    expect(hindiFeed.item.map((item: { link: string }) => item.link)).toEqual([
      `${TEST_ORIGIN}/hi/blog/hindi-news`,
    ]);
  });
});
