import { randomUUID } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { BlogPost, BlogPostInput } from '../../../shared/contracts/blog.ts';
import type { BlogRevision, BlogRevisionSummary } from '../../../shared/contracts/blog-revisions.ts';
import { BLOG_REVISIONS_KEPT } from '../../../shared/rules/blog-revisions.ts';
import { createBlogPost } from '../../test-support/blog-posts.ts';
import {
  asAdmin,
  createAdmin,
  expectBadRequest,
  signedInAppForEachTest,
  signIn,
  TEST_DIALECTS,
} from '../../test-support/test-app.ts';

const CONFLICT = /^Owner saved this post at .+ while you were editing\. Your text is kept here/;

describe.each(TEST_DIALECTS)('blog revisions and autosaves (%s)', (dialect) => {
  const t = signedInAppForEachTest(dialect);
  const as = (cookie: string, options: InjectOptions) => t.app.inject(asAdmin(cookie, options));
  const admin = (options: InjectOptions) => as(t.cookie, options);

  const createPost = (overrides?: Partial<BlogPostInput>) => createBlogPost(t, overrides, 60_000);
  const save = (post: BlogPost, changes: Partial<BlogPostInput>, version?: number, cookie = t.cookie) => {
    const { title, description, content, slug, category, image, author, isPublished } = post;
    const payload = { title, description, content, slug, category, image, author, isPublished, ...changes };
    return as(cookie, {
      method: 'PUT',
      url: `/api/blogs/${post._id}`,
      payload: version === undefined ? payload : { ...payload, version },
    });
  };
  const revisions = async (id: string): Promise<BlogRevisionSummary[]> => {
    const response = await admin({ url: `/api/blogs/admin/${id}/revisions` });
    expect(response.statusCode).toBe(200);
    return response.json().data;
  };
  const stored = async (id: string): Promise<BlogPost> =>
    (await admin({ url: `/api/blogs/admin/${id}` })).json().data;
  const expectConflict = (response: LightMyRequestResponse) => {
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      success: false,
      code: 'CONFLICT',
      message: expect.stringMatching(CONFLICT),
    });
  };

  it('keeps a revision of every save, with who saved it and when, newest first', async () => {
    const post = await createPost({ content: 'First text.' });
    expect(post.version).toBe(1);
    const savedAt = new Date(t.clock()).toISOString();
    const second = await save(post, { content: 'Second text.' }, 1);
    expect(second.statusCode).toBe(200);
    expect(second.json().data).toMatchObject({ version: 2, content: 'Second text.' });

    const list = await revisions(post._id);
    expect(list).toEqual([
      { _id: expect.any(String), version: 2, savedByName: 'Owner', createdAt: savedAt, title: post.title },
      {
        _id: expect.any(String),
        version: 1,
        savedByName: 'Owner',
        createdAt: post.createdAt,
        title: post.title,
      },
    ]);
    expect(list[0]).not.toHaveProperty('content');
    const first = await admin({ url: `/api/blogs/admin/${post._id}/revisions/${list[1]!._id}` });
    expect(first.json().data).toMatchObject({ version: 1, content: 'First text.', slug: post.slug });
  });

  it('names a user without a name by their email', async () => {
    await createAdmin(t.database, { email: 'nameless@example.com', password: 'a long password', name: '' });
    const cookie = await signIn(t.app, { email: 'nameless@example.com', password: 'a long password' });
    const post = await createPost();
    expect((await save(post, { title: 'By email' }, 1, cookie)).statusCode).toBe(200);
    expect((await revisions(post._id))[0]!.savedByName).toBe('nameless@example.com');
  });

  it('restores an earlier revision as a new version with its own revision, publication left as it is', async () => {
    const post = await createPost({ title: 'Original', content: 'Original words.' });
    await save(post, { title: 'Changed', content: 'Changed words.', isPublished: false }, 1);
    const [, original] = await revisions(post._id);

    const response = await admin({
      method: 'POST',
      url: `/api/blogs/admin/${post._id}/revisions/${original!._id}/restore`,
      payload: { version: 2 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Revision restored',
      data: { title: 'Original', content: 'Original words.', version: 3, isPublished: false },
    });
    expect((await revisions(post._id)).map(({ version, title }) => ({ version, title }))).toEqual([
      { version: 3, title: 'Original' },
      { version: 2, title: 'Changed' },
      { version: 1, title: 'Original' },
    ]);
    // Restoring does not publish: the draft stays off the public blog.
    expect((await t.app.inject({ url: `/api/blogs/${post.slug}` })).statusCode).toBe(404);
  });

  it('refuses a save of an older version with 409, saying who saved, and changes nothing', async () => {
    const post = await createPost({ content: 'Theirs first.' });
    expect((await save(post, { content: 'Their edit.' }, 1)).statusCode).toBe(200);

    expectConflict(await save(post, { content: 'My edit.' }, 1));
    const [latest] = await revisions(post._id);
    expectConflict(
      await admin({
        method: 'POST',
        url: `/api/blogs/admin/${post._id}/revisions/${latest!._id}/restore`,
        payload: { version: 1 },
      }),
    );
    expect(await stored(post._id)).toMatchObject({ content: 'Their edit.', version: 2 });
    expect(await revisions(post._id)).toHaveLength(2);

    // Without a version a save is taken as before (the API's clients that know nothing of versions).
    expect((await save(post, { content: 'Anyway.' })).json().data).toMatchObject({ version: 3 });
  });

  it('lets exactly one of two saves of the same version through', async () => {
    const post = await createPost();
    const answers = await Promise.all([
      save(post, { content: 'Mine.' }, 1),
      save(post, { content: 'Yours.' }, 1),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((answer) => answer.statusCode === 200)!.json().data as BlogPost;
    expect(await stored(post._id)).toMatchObject({ content: winner.content, version: 2 });
    expect(await revisions(post._id)).toHaveLength(2);
  });

  it('keeps the post’s text from before revisions were kept, on its first edit', async () => {
    const post = await createPost({ content: 'Written long ago.' });
    await t.database.db.deleteFrom('blogPostRevisions').execute();
    await save(post, { content: 'Edited now.' }, 1);
    const list = await revisions(post._id);
    expect(list.map(({ version, savedByName }) => ({ version, savedByName }))).toEqual([
      { version: 2, savedByName: 'Owner' },
      { version: 1, savedByName: '' },
    ]);
    const old = await admin({ url: `/api/blogs/admin/${post._id}/revisions/${list[1]!._id}` });
    expect((old.json().data as BlogRevision).content).toBe('Written long ago.');
  });

  it(`keeps the newest ${BLOG_REVISIONS_KEPT} revisions of a post`, async () => {
    const post = await createPost();
    for (let version = 1; version <= BLOG_REVISIONS_KEPT + 2; version += 1) {
      expect((await save(post, { content: `Save ${version}` }, version)).statusCode).toBe(200);
    }
    const list = await revisions(post._id);
    expect(list).toHaveLength(BLOG_REVISIONS_KEPT);
    expect(list[0]!.version).toBe(BLOG_REVISIONS_KEPT + 3);
    expect(list.at(-1)!.version).toBe(4);
  });

  it('answers 404 for an unknown post or a revision of another post', async () => {
    const one = await createPost();
    const other = await createPost();
    const [revision] = await revisions(other._id);
    const unknown = randomUUID();
    expect((await admin({ url: `/api/blogs/admin/${unknown}/revisions` })).statusCode).toBe(404);
    expect((await admin({ url: `/api/blogs/admin/${one._id}/revisions/${revision!._id}` })).statusCode).toBe(
      404,
    );
    const restore = await admin({
      method: 'POST',
      url: `/api/blogs/admin/${one._id}/revisions/${revision!._id}/restore`,
      payload: {},
    });
    expect(restore.json()).toEqual({
      success: false,
      code: 'NOT_FOUND',
      message: 'This revision no longer exists',
    });
    expect(restore.statusCode).toBe(404);
  });

  it('records a restore in the audit log, and no autosave', async () => {
    const post = await createPost();
    await save(post, { title: 'Second' }, 1);
    const [, first] = await revisions(post._id);
    await admin({
      method: 'PUT',
      url: `/api/blogs/autosaves/${post._id}`,
      payload: { values: { title: 'x' } },
    });
    await admin({
      method: 'POST',
      url: `/api/blogs/admin/${post._id}/revisions/${first!._id}/restore`,
      payload: {},
    });
    const log = (await admin({ url: '/api/admin/audit-log' })).json().entries as { action: string }[];
    expect(log.map((entry) => entry.action).slice(0, 3)).toEqual([
      'post.restore',
      'post.update',
      'post.create',
    ]);
  });

  describe('autosaves', () => {
    const draft = { title: 'Half a tit', content: 'Typed so far\n\twith a tab', isPublished: false };

    it('keeps a draft of a new post and of an existing one, until it is deleted', async () => {
      expect((await admin({ url: '/api/blogs/autosaves/new' })).json()).toEqual({
        success: true,
        data: null,
      });
      const savedAt = new Date(t.clock()).toISOString();
      const put = await admin({ method: 'PUT', url: '/api/blogs/autosaves/new', payload: { values: draft } });
      expect(put.json()).toEqual({ success: true, savedAt });
      expect((await admin({ url: '/api/blogs/autosaves/new' })).json()).toEqual({
        success: true,
        data: { values: draft, baseVersion: null, savedAt },
      });

      const post = await createPost();
      t.clock.advance(5000);
      await admin({
        method: 'PUT',
        url: `/api/blogs/autosaves/${post._id}`,
        payload: { values: { content: 'One' }, baseVersion: 1 },
      });
      await admin({
        method: 'PUT',
        url: `/api/blogs/autosaves/${post._id}`,
        payload: { values: { content: 'Two' }, baseVersion: 1 },
      });
      expect((await admin({ url: `/api/blogs/autosaves/${post._id}` })).json().data).toEqual({
        values: { content: 'Two' },
        baseVersion: 1,
        savedAt: new Date(t.clock()).toISOString(),
      });

      expect((await admin({ method: 'DELETE', url: '/api/blogs/autosaves/new' })).statusCode).toBe(200);
      expect((await admin({ url: '/api/blogs/autosaves/new' })).json().data).toBeNull();
      // A deleted post takes its drafts with it.
      await admin({ method: 'DELETE', url: `/api/blogs/${post._id}` });
      expect((await admin({ url: `/api/blogs/autosaves/${post._id}` })).json().data).toBeNull();
      const late = await admin({
        method: 'PUT',
        url: `/api/blogs/autosaves/${post._id}`,
        payload: { values: { content: 'Three' } },
      });
      expect(late.statusCode).toBe(404);
    });

    it('is each user’s own: another user neither reads nor replaces it', async () => {
      await createAdmin(t.database, {
        email: 'ravi@example.com',
        password: 'a long password',
        name: 'Ravi',
        role: 'editor',
      });
      const ravi = await signIn(t.app, { email: 'ravi@example.com', password: 'a long password' });
      await admin({ method: 'PUT', url: '/api/blogs/autosaves/new', payload: { values: draft } });
      expect((await as(ravi, { url: '/api/blogs/autosaves/new' })).json().data).toBeNull();
      await as(ravi, {
        method: 'PUT',
        url: '/api/blogs/autosaves/new',
        payload: { values: { title: 'Ravi' } },
      });
      await as(ravi, { method: 'DELETE', url: '/api/blogs/autosaves/new' });
      expect((await admin({ url: '/api/blogs/autosaves/new' })).json().data.values).toEqual(draft);
    });

    it('refuses text past a field’s limit, control characters and a key that names no post', async () => {
      const put = (postKey: string, payload: object) =>
        admin({ method: 'PUT', url: `/api/blogs/autosaves/${postKey}`, payload });
      expectBadRequest(
        await put('new', { values: { title: 'x'.repeat(201) } }),
        'values.title',
        'Title must be at most 200 characters',
      );
      expectBadRequest(await put('new', { values: { content: 'x'.repeat(100_001) } }), 'values.content');
      expectBadRequest(
        await put('new', { values: { title: 'a\u0000b' } }),
        'values.title',
        'Title must not contain control characters',
      );
      expectBadRequest(await put('drafts', { values: {} }), 'postKey');
      expect((await put(randomUUID(), { values: {} })).statusCode).toBe(404);
      // Half-written values are kept as typed: an empty title, a slug not yet valid.
      expect((await put('new', { values: { title: '', slug: 'Not Yet A Slug ' } })).statusCode).toBe(200);
    });
  });
});
