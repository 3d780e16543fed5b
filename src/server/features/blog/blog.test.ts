import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { BlogPost, BlogPostInput, BlogPostSummary } from '../../../shared/contracts/blog.ts';
import { BLOG_MESSAGES } from '../../../shared/rules/blog.ts';
import { blogPostInput, blogPostValues, createBlogPost } from '../../test-support/blog-posts.ts';
import {
  asAdmin,
  createAdmin,
  expectAuthenticationRequired,
  expectBadRequest,
  expectNotFound,
  signedInAppForEachTest,
  signIn,
  TEST_DIALECTS,
} from '../../test-support/test-app.ts';
import { createBlogPostRepository } from './repository.ts';

const NOT_FOUND = 'Blog not found';
const UNKNOWN_ID = '01936b2e-8f3a-7c4d-9e5f-0a1b2c3d4e5f';

/** What the edit form sends back for a post. */
function blogPostFormOf(post: BlogPost): BlogPostInput {
  const { title, description, content, slug, category, image, author, isPublished } = post;
  return { title, description, content, slug, category, image, author, isPublished };
}

describe.each(TEST_DIALECTS)('blog API (%s)', (dialect) => {
  const t = signedInAppForEachTest(dialect);

  const admin = (options: InjectOptions) => t.app.inject(asAdmin(t.cookie, options));

  const createPost = (overrides?: Partial<BlogPostInput>) => createBlogPost(t, overrides);

  describe('without a session', () => {
    const id = UNKNOWN_ID;
    const requests: [string, InjectOptions][] = [
      ['list all', { method: 'GET', url: '/api/blogs/admin/all' }],
      ['list all, bad paging', { method: 'GET', url: '/api/blogs/admin/all?page=x&pageSize=-1' }],
      ['get one', { method: 'GET', url: `/api/blogs/admin/${id}` }],
      ['get one, malformed id', { method: 'GET', url: '/api/blogs/admin/not-an-id' }],
      ['create', { method: 'POST', url: '/api/blogs', payload: blogPostInput() }],
      ['create, bad body', { method: 'POST', url: '/api/blogs', payload: { title: 7 } }],
      [
        'create, not JSON',
        {
          method: 'POST',
          url: '/api/blogs',
          payload: '{nope',
          headers: { 'content-type': 'application/json' },
        },
      ],
      ['update', { method: 'PUT', url: `/api/blogs/${id}`, payload: blogPostInput() }],
      ['update, malformed id and body', { method: 'PUT', url: '/api/blogs/%00', payload: [] }],
      ['delete', { method: 'DELETE', url: `/api/blogs/${id}` }],
      ['delete, malformed id', { method: 'DELETE', url: `/api/blogs/${'x'.repeat(5000)}` }],
      ['preview', { method: 'POST', url: '/api/blogs/preview', payload: { content: '# Hi' } }],
      ['preview, bad body', { method: 'POST', url: '/api/blogs/preview', payload: { content: 1 } }],
    ];
    it.each(requests)('%s is 401', async (_name, options) => {
      expectAuthenticationRequired(await t.app.inject(asAdmin(undefined, options)));
    });
  });

  it('creates a post with the defaults and shows it in the published list', async () => {
    const input = blogPostInput({ title: '  Trimmed title  ' });
    const { category: _category, image: _image, isPublished: _isPublished, ...required } = input;
    const response = await admin({ method: 'POST', url: '/api/blogs', payload: required });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      success: true,
      message: 'Blog post created successfully',
      data: {
        _id: expect.any(String),
        title: 'Trimmed title',
        description: input.description,
        content: input.content,
        slug: input.slug,
        category: 'Other',
        image: '',
        imageAlt: '',
        // The byline names who wrote it: the signed-in user, by their display name.
        author: 'Owner',
        isPublished: false,
        views: 0,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        publishedAt: null,
        scheduledAt: null,
        version: 1,
        // English, and nobody's translation, unless told otherwise.
        language: 'en',
        translationId: null,
      },
    });

    // A draft: not public.
    expectNotFound(await t.app.inject({ method: 'GET', url: `/api/blogs/${input.slug}` }), NOT_FOUND);
    expect((await t.app.inject({ method: 'GET', url: '/api/blogs/published' })).json().data).toEqual([]);

    const published = await createPost({ title: 'Live' });
    const list = (await t.app.inject({ method: 'GET', url: '/api/blogs/published' })).json();
    expect(list).toEqual({
      success: true,
      data: [expect.objectContaining({ title: 'Live' })],
      total: 1,
      page: 1,
      pageSize: 12,
    });
    expect(list.data[0]).not.toHaveProperty('content');
    expect(list.data[0].publishedAt).toBe(published.publishedAt);
  });

  it('bylines a post with its author’s display name, which an edit by someone else keeps', async () => {
    const post = await createPost();
    expect(post.author).toBe('Owner');
    const editor = { email: 'priya@example.com', password: 'another long password', name: 'Priya Nair' };
    await createAdmin(t.database, { ...editor, role: 'editor' });
    const editorCookie = await signIn(t.app, editor);
    const { author: _author, ...edit } = blogPostFormOf(post);
    const edited = await t.app.inject(
      asAdmin(editorCookie, {
        method: 'PUT',
        url: `/api/blogs/${post._id}`,
        payload: { ...edit, title: 'New title' },
      }),
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ title: 'New title', author: 'Owner' });

    const own = await t.app.inject(
      asAdmin(editorCookie, { method: 'POST', url: '/api/blogs', payload: blogPostInput() }),
    );
    expect(own.json().data.author).toBe('Priya Nair');
    const page = (await t.app.inject({ url: `/api/blogs/${own.json().data.slug}` })).json();
    expect(page.data.author).toBe('Priya Nair');
  });

  it('counts a visitor reading a post through the API (a client-side navigation) once a day; not an admin or a bot', async () => {
    const post = await createPost({ isPublished: true });
    const read = (userAgent: string, remoteAddress = '198.51.100.7') =>
      t.app.inject({
        method: 'GET',
        url: `/api/blogs/${post.slug}`,
        headers: { 'user-agent': userAgent },
        remoteAddress,
      });
    const views = async () =>
      (await admin({ method: 'GET', url: `/api/blogs/admin/${post._id}` })).json().data.views as number;

    expect((await read('Mozilla/5.0 (Linux; Android 14)')).statusCode).toBe(200);
    expect(await views()).toBe(1);
    await read('Mozilla/5.0 (Linux; Android 14)');
    expect(await views()).toBe(1);
    await read('Mozilla/5.0 (Linux; Android 14)', '198.51.100.8');
    expect(await views()).toBe(2);
    await read('Googlebot/2.1 (+http://www.google.com/bot.html)', '198.51.100.9');
    expect((await admin({ method: 'GET', url: `/api/blogs/${post.slug}` })).statusCode).toBe(200);
    expect(await views()).toBe(2);
  });

  it('answers 400 with the form messages, after trimming', async () => {
    const response = await admin({
      method: 'POST',
      url: '/api/blogs',
      payload: { title: '   ', description: '', content: ' \n ', slug: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toMatchObject({
      title: 'Title is required',
      description: 'Description is required',
      content: 'Content is required',
      slug: 'Slug is required',
    });
    expectBadRequest(
      await admin({ method: 'POST', url: '/api/blogs', payload: blogPostInput({ category: '' as never }) }),
      'category',
      'Category is required',
    );
    expectBadRequest(
      await admin({ method: 'POST', url: '/api/blogs', payload: {} }),
      'title',
      'Title is required',
    );
    expectBadRequest(
      await admin({ method: 'POST', url: '/api/blogs', payload: blogPostInput({ slug: 'Not A Slug' }) }),
      'slug',
    );
    expectBadRequest(
      await admin({
        method: 'POST',
        url: '/api/blogs',
        payload: blogPostInput({ image: 'javascript:alert(1)' }),
      }),
      'image',
    );
    // The API's own path GET /api/blogs/published could never return a post of that slug.
    expectBadRequest(
      await admin({ method: 'POST', url: '/api/blogs', payload: blogPostInput({ slug: 'published' }) }),
      'slug',
      'This slug is reserved. Choose another slug.',
    );
  });

  it('takes a picture on the site itself as a path, but no path that leads to another site', async () => {
    const post = await createPost({ image: '/demo/blog/reach-us-on-whatsapp.jpg' });
    expect(post.image).toBe('/demo/blog/reach-us-on-whatsapp.jpg');
    for (const image of ['//evil.example/a.jpg', '/\\evil.example/a.jpg', '/a b.jpg', 'demo/a.jpg']) {
      expectBadRequest(
        await admin({ method: 'POST', url: '/api/blogs', payload: blogPostInput({ image }) }),
        'image',
        'Image URL must start with https://, http:// or / (a picture on this site)',
      );
    }
  });

  it('refuses a slug another post has, on create and on update', async () => {
    const first = await createPost();
    const second = await createPost();
    const expected = {
      success: false,
      code: 'CONFLICT',
      message: BLOG_MESSAGES.duplicateSlug,
      errors: { slug: BLOG_MESSAGES.duplicateSlug },
    };
    const withFirstSlug = (method: 'POST' | 'PUT', url: string) =>
      admin({ method, url, payload: blogPostInput({ slug: first.slug }) });
    const create = await withFirstSlug('POST', '/api/blogs');
    expect(create.statusCode).toBe(409);
    expect(create.json()).toEqual(expected);
    const update = await withFirstSlug('PUT', `/api/blogs/${second._id}`);
    expect(update.statusCode).toBe(409);
    expect(update.json()).toEqual(expected);
    // Its own slug is not a conflict.
    const same = await withFirstSlug('PUT', `/api/blogs/${first._id}`);
    expect(same.statusCode).toBe(200);
  });

  it('gives one of two racing creates with one slug a 409, not a 500', async () => {
    const payload = blogPostInput();
    const responses = await Promise.all(
      [1, 2, 3].map(() => admin({ method: 'POST', url: '/api/blogs', payload })),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
  });

  it('updates a post and keeps the first publication date through unpublish and republish', async () => {
    const draft = await createPost({ isPublished: false });
    expect(draft.publishedAt).toBeNull();
    const put = (changes: Partial<BlogPostInput>) =>
      admin({
        method: 'PUT',
        url: `/api/blogs/${draft._id}`,
        payload: blogPostInput({ slug: draft.slug, ...changes }),
      });

    const published = await put({ isPublished: true, title: 'Now live' });
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({
      success: true,
      message: 'Blog post updated successfully',
      data: { _id: draft._id, title: 'Now live', isPublished: true, createdAt: draft.createdAt },
    });
    const firstPublishedAt = published.json().data.publishedAt;
    expect(firstPublishedAt).toBe(new Date(t.clock()).toISOString());

    t.clock.advance(60_000);
    const unpublished = (await put({ isPublished: false })).json().data;
    expect(unpublished).toMatchObject({ isPublished: false, publishedAt: firstPublishedAt });
    expect(unpublished.updatedAt).not.toBe(draft.updatedAt);

    t.clock.advance(60_000);
    expect((await put({ isPublished: true })).json().data.publishedAt).toBe(firstPublishedAt);

    const fetched = await admin({ method: 'GET', url: `/api/blogs/admin/${draft._id}` });
    expect(fetched.json()).toEqual({
      success: true,
      data: expect.objectContaining({ publishedAt: firstPublishedAt }),
    });
  });

  it('shows a draft to an admin and not to a visitor', async () => {
    const draft = await createPost({ isPublished: false, content: 'Draft *text*' });
    expectNotFound(await t.app.inject({ method: 'GET', url: `/api/blogs/${draft.slug}` }), NOT_FOUND);
    // A stale or forged cookie is a visitor, not an error.
    expectNotFound(
      await t.app.inject({
        method: 'GET',
        url: `/api/blogs/${draft.slug}`,
        headers: { cookie: 'sampark_session=forged' },
      }),
      NOT_FOUND,
    );
    const asAdminResponse = await t.app.inject({
      method: 'GET',
      url: `/api/blogs/${draft.slug}`,
      headers: { cookie: t.cookie },
    });
    expect(asAdminResponse.statusCode).toBe(200);
    expect(asAdminResponse.headers['cache-control']).toBe('no-store');
    expect(asAdminResponse.json().data).toMatchObject({
      _id: draft._id,
      html: '<p>Draft <em>text</em></p>\n',
    });
  });

  it('gives a published post with its HTML, and 404 for unknown or malformed slugs', async () => {
    const post = await createPost({ content: 'Hi <script>alert(1)</script> [x](javascript:alert(1))' });
    const response = await t.app.inject({ method: 'GET', url: `/api/blogs/${post.slug}` });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toEqual({ ...post, html: expect.any(String), translation: null });
    expect(data.html).not.toMatch(/<script|javascript:/i);

    for (const slug of [
      'no-such-post',
      'Upper',
      'a%20b',
      '%00',
      'x'.repeat(121),
      'x'.repeat(5000),
      '..%2F..%2Fetc',
    ]) {
      expectNotFound(await t.app.inject({ method: 'GET', url: `/api/blogs/${slug}` }), NOT_FOUND);
    }
  });

  it('filters the published list by category and pages it newest first', async () => {
    const posts: BlogPost[] = [];
    for (const category of ['Sports', 'News', 'Sports', 'Other', 'Sports'] as const)
      posts.push(await createPost({ category }));
    await createPost({ category: 'Sports', isPublished: false });
    const get = async (query: string) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/blogs/published${query}` });
      expect(response.statusCode).toBe(200);
      return response.json() as { data: BlogPostSummary[]; total: number; page: number; pageSize: number };
    };
    const ids = (list: { data: BlogPostSummary[] }) => list.data.map((post) => post._id);
    const newestFirst = posts.map((post) => post._id).reverse();

    expect(ids(await get(''))).toEqual(newestFirst);
    expect(ids(await get('?category='))).toEqual(newestFirst);
    const sports = await get('?category=Sports');
    expect(sports.total).toBe(3);
    expect(ids(sports)).toEqual([posts[4]!._id, posts[2]!._id, posts[0]!._id]);
    const page2 = await get('?category=Sports&page=2&pageSize=2');
    expect(page2).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(ids(page2)).toEqual([posts[0]!._id]);
    expect((await get('?page=9')).data).toEqual([]);

    expectBadRequest(
      await t.app.inject({ method: 'GET', url: '/api/blogs/published?category=Cooking' }),
      'category',
    );
    expectBadRequest(
      await t.app.inject({ method: 'GET', url: '/api/blogs/published?pageSize=51' }),
      'pageSize',
    );
    expectBadRequest(await t.app.inject({ method: 'GET', url: '/api/blogs/published?page=0' }), 'page');
  });

  it('lists every post for the admin, drafts included, newest created first', async () => {
    const a = await createPost();
    const b = await createPost({ isPublished: false });
    const c = await createPost();
    const list = (await admin({ method: 'GET', url: '/api/blogs/admin/all' })).json();
    expect(list).toMatchObject({ success: true, total: 3, page: 1, pageSize: 50 });
    expect(list.data.map((post: BlogPostSummary) => post._id)).toEqual([c._id, b._id, a._id]);
    expect(list.data[0]).not.toHaveProperty('content');
    const paged = (await admin({ method: 'GET', url: '/api/blogs/admin/all?page=2&pageSize=2' })).json();
    expect(paged.data.map((post: BlogPostSummary) => post._id)).toEqual([a._id]);
    expectBadRequest(await admin({ method: 'GET', url: '/api/blogs/admin/all?pageSize=101' }), 'pageSize');
  });

  it('deletes a post, after which it is gone everywhere', async () => {
    const post = await createPost();
    const response = await admin({ method: 'DELETE', url: `/api/blogs/${post._id}` });
    expect(response.json()).toEqual({ success: true, message: 'Blog post deleted successfully' });
    expectNotFound(await t.app.inject({ method: 'GET', url: `/api/blogs/${post.slug}` }), NOT_FOUND);
    expectNotFound(await admin({ method: 'GET', url: `/api/blogs/admin/${post._id}` }), NOT_FOUND);
    expectNotFound(await admin({ method: 'DELETE', url: `/api/blogs/${post._id}` }), NOT_FOUND);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expectNotFound(await admin({ method: 'GET', url: `/api/blogs/admin/${UNKNOWN_ID}` }), NOT_FOUND);
    expectNotFound(
      await admin({ method: 'PUT', url: `/api/blogs/${UNKNOWN_ID}`, payload: blogPostInput() }),
      NOT_FOUND,
    );
    expectNotFound(await admin({ method: 'DELETE', url: `/api/blogs/${UNKNOWN_ID}` }), NOT_FOUND);
    expectBadRequest(
      await admin({ method: 'GET', url: '/api/blogs/admin/nope' }),
      'id',
      'Invalid blog post id',
    );
    // One path template for a post read by slug and changed by id: its parameter is `post`.
    expectBadRequest(
      await admin({ method: 'PUT', url: '/api/blogs/nope', payload: blogPostInput() }),
      'post',
    );
    expectBadRequest(await admin({ method: 'DELETE', url: `/api/blogs/${'9'.repeat(3000)}` }), 'post');
  });

  describe('content nested too deeply to render', () => {
    // marked ran out of stack on each of these, and the post's page, its API read and the preview gave 500.
    const TOO_DEEP = {
      quotes: `${'>'.repeat(2000)} deep`,
      lists: `${'- '.repeat(3000)}deep`,
      emphasis: `${'*'.repeat(5000)}deep${'*'.repeat(5000)}`,
    };
    const TOO_DEEP_MESSAGE =
      'Content is nested too deeply: use at most 100 levels of quotes, lists or emphasis inside one another';
    const CANNOT_SHOW = '<p>This post cannot be shown right now.</p>';

    it.each(Object.entries(TOO_DEEP))(
      'refuses nested %s at save and at preview with 400',
      async (_, content) => {
        const post = await createPost();
        const requests: InjectOptions[] = [
          { method: 'POST', url: '/api/blogs', payload: blogPostInput({ content }) },
          {
            method: 'PUT',
            url: `/api/blogs/${post._id}`,
            payload: blogPostInput({ content, slug: post.slug }),
          },
          { method: 'POST', url: '/api/blogs/preview', payload: { content } },
        ];
        for (const request of requests) expectBadRequest(await admin(request), 'content', TOO_DEEP_MESSAGE);
        const all = (await admin({ method: 'GET', url: '/api/blogs/admin/all' })).json();
        expect(all.total).toBe(1);
        expect((await admin({ method: 'GET', url: `/api/blogs/admin/${post._id}` })).json().data).toEqual(
          post,
        );
      },
    );

    it('keeps a post that fails to render readable elsewhere and shows a note in its place, logged once', async () => {
      // Stored without the API's checks, as content saved before the limit (or by hand) would be.
      const stored = await createBlogPostRepository(t.database.db).create(
        blogPostValues({ content: TOO_DEEP.quotes }),
      );
      const errors = vi.spyOn(t.app.log, 'error');
      try {
        const response = await t.app.inject({ method: 'GET', url: `/api/blogs/${stored.slug}` });
        expect(response.statusCode).toBe(200);
        expect(response.json().data).toMatchObject({
          _id: stored._id,
          title: stored.title,
          html: CANNOT_SHOW,
        });
        expect(errors).toHaveBeenCalledTimes(1);
        expect(errors).toHaveBeenCalledWith(
          expect.objectContaining({ postId: stored._id, err: expect.any(Error) }),
          'a blog post could not be rendered',
        );
      } finally {
        errors.mockRestore();
      }
      // The list, the feed and the admin's copy (to fix it) never render the content.
      const published = await t.app.inject({ method: 'GET', url: '/api/blogs/published' });
      expect(published.json().data.map((post: BlogPostSummary) => post._id)).toEqual([stored._id]);
      expect((await t.app.inject({ method: 'GET', url: '/blog/rss.xml' })).statusCode).toBe(200);
      const forEditing = await admin({ method: 'GET', url: `/api/blogs/admin/${stored._id}` });
      expect(forEditing.json().data.content).toBe(TOO_DEEP.quotes);
    });
  });

  it('previews Markdown as sanitized HTML', async () => {
    const response = await admin({
      method: 'POST',
      url: '/api/blogs/preview',
      payload: { content: '**hi** <img src=x onerror=alert(1)>' },
    });
    expect(response.json()).toEqual({ success: true, html: '<p><strong>hi</strong> </p>\n' });
    expectBadRequest(
      await admin({ method: 'POST', url: '/api/blogs/preview', payload: { content: 'x'.repeat(100_001) } }),
      'content',
    );
  });

  it('never answers 5xx to any JSON body', async () => {
    const post = await createPost();
    const text = fc.oneof(fc.string({ maxLength: 200 }), fc.constantFrom('', '  ', 'a-slug', 'Technology'));
    const anyValue = fc.oneof(text, fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.string()));
    const body = fc.oneof(
      fc.record(
        {
          title: anyValue,
          description: anyValue,
          content: anyValue,
          slug: fc.oneof(fc.constant(post.slug), anyValue),
          category: fc.oneof(fc.constantFrom('Sports', 'Other', ''), anyValue),
          image: fc.oneof(fc.constantFrom('', 'https://e.in/a.png'), anyValue),
          author: anyValue,
          isPublished: anyValue,
        },
        { requiredKeys: [] },
      ),
      fc.jsonValue(),
    );
    await fc.assert(
      fc.asyncProperty(body, fc.constantFrom('POST', 'PUT'), async (payload, method) => {
        const response = await admin({
          method,
          url: method === 'POST' ? '/api/blogs' : `/api/blogs/${post._id}`,
          payload: JSON.stringify(payload),
          headers: { 'content-type': 'application/json' },
        });
        expect(response.statusCode).toBeLessThan(500);
        expect(response.json().success).toBeTypeOf('boolean');
      }),
      { numRuns: 100 },
    );
  });
});
