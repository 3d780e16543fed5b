import type { InjectOptions } from 'fastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SITE_SETTINGS } from '../../shared/rules/default-site-settings.ts';
import { createBlogPostRepository } from '../features/blog/repository.ts';
import { blogPostValues } from '../test-support/blog-posts.ts';
import { WEB_BUILT as built, WEB_DIST_DIR } from '../test-support/rendered-pages.ts';
import { createAdmin, TEST_ADMIN, TEST_DIALECTS, testAppForEachTest } from '../test-support/test-app.ts';

const ORIGIN = 'https://sampark.example';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36';

/** The BlogPosting JSON-LD data block of a page. */
function blogPosting(html: string): { data: Record<string, unknown> } | undefined {
  for (const match of html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)) {
    const data = JSON.parse(match[1] ?? '{}') as Record<string, unknown>;
    if (data['@type'] === 'BlogPosting') return { data };
  }
  return undefined;
}

describe.each(TEST_DIALECTS)('public blog pages (%s, needs npm run build:web)', (dialect) => {
  const t = testAppForEachTest(dialect, { WEB_DIST_DIR, PUBLIC_ORIGIN: ORIGIN });
  let posts: ReturnType<typeof createBlogPostRepository>;
  beforeEach(async () => {
    posts = createBlogPostRepository(t.database.db);
  });

  async function adminCookie(): Promise<string> {
    await createAdmin(t.database);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { origin: ORIGIN },
      payload: TEST_ADMIN,
    });
    expect(login.statusCode).toBe(200);
    return login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  }

  const visit = (url: string, headers: InjectOptions['headers'] = {}, remoteAddress = '203.0.113.7') =>
    t.app.inject({ url, headers: { 'user-agent': BROWSER, ...headers }, remoteAddress });

  const viewsOf = async (slug: string) => (await posts.findBySlug(slug))?.views;

  it.skipIf(!built)('renders a post with its content, head, Open Graph and BlogPosting data', async () => {
    const post = await posts.create(
      blogPostValues({ title: 'Monsoon <news>', image: 'https://images.example/rain.jpg', category: 'News' }),
    );
    const response = await visit(`/blog/${post.slug}`);
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('<title>Monsoon &lt;news&gt; | Sampark</title>');
    expect(html).toContain(`<meta name="description" content="${post.description}" />`);
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/blog/${post.slug}" />`);
    expect(html).toContain('<meta property="og:type" content="article" />');
    expect(html).toContain('<meta property="og:title" content="Monsoon &lt;news&gt; | Sampark" />');
    // The picture a shared link shows is the post's share card (drawn with its image: share-cards.test.ts).
    expect(html).toMatch(
      new RegExp(
        `<meta property="og:image" content="${ORIGIN}/share-cards/[0-9a-f]{16}\\.png\\?page=%2Fblog%2F${post.slug}" />`,
      ),
    );
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).toMatch(/<h2[^>]*>Section \d+<\/h2>/);
    expect(html).toContain('<li>second item</li>');
    expect(html).toContain('Back to Blogs');

    const jsonLd = blogPosting(html);
    expect(jsonLd?.data).toMatchObject({
      headline: 'Monsoon <news>',
      description: post.description,
      image: 'https://images.example/rain.jpg',
      datePublished: post.publishedAt,
      dateModified: post.updatedAt,
      author: { name: 'Admin' },
      url: `${ORIGIN}/blog/${post.slug}`,
    });
    // A second load comes from the page cache: the same page.
    expect((await visit(`/blog/${post.slug}`)).body).toBe(html);
  });

  it.skipIf(!built)(
    'shows a post whose content cannot be rendered with a note, not an error page, and logs it',
    async () => {
      // Stored without the API's checks: 2,000 nested quotes made marked run out of stack and the page a 500.
      const post = await posts.create(
        blogPostValues({ title: 'Deep thoughts', content: `${'>'.repeat(2000)} deep` }),
      );
      const errors = vi.spyOn(t.app.log, 'error');
      try {
        const response = await visit(`/blog/${post.slug}`);
        expect(response.statusCode).toBe(200);
        expect(response.body).toContain('<title>Deep thoughts | Sampark</title>');
        expect(response.body).toContain('<p>This post cannot be shown right now.</p>');
        expect(errors).toHaveBeenCalledWith(
          expect.objectContaining({ postId: post._id }),
          'a blog post could not be rendered',
        );
      } finally {
        errors.mockRestore();
      }
    },
  );

  it.skipIf(!built)('renders neither a script nor a javascript: link from a post', async () => {
    const post = await posts.create(
      blogPostValues({
        content: 'Hi <script>alert(1)</script>\n\n[x](javascript:alert(1)) <img src=x onerror=alert(1)>',
      }),
    );
    const response = await visit(`/blog/${post.slug}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('alert(1)</script>');
    expect(response.body).not.toMatch(/<script>alert/);
    expect(response.body).not.toMatch(/href="javascript:/i);
    expect(response.body).not.toMatch(/onerror=/i);
  });

  it.skipIf(!built)('lists published posts, filtered by category without JavaScript', async () => {
    const news = await posts.create(blogPostValues({ title: 'Budget day', category: 'News' }));
    const sports = await posts.create(blogPostValues({ title: 'Final over', category: 'Sports' }));
    const draft = await posts.create(
      blogPostValues({ title: 'Secret plans', category: 'News', isPublished: false }),
    );

    const all = await visit('/blog');
    expect(all.statusCode).toBe(200);
    expect(all.body).toContain('<title>Blog | Sampark</title>');
    expect(all.body).toContain('Explore our latest articles and insights');
    expect(all.body).toContain(`href="/blog/${news.slug}"`);
    expect(all.body).toContain(`href="/blog/${sports.slug}"`);
    expect(all.body).not.toContain(draft.title);
    expect(all.body).toContain('<link rel="alternate" type="application/rss+xml"');
    expect(all.body).toContain('href="/blog/rss.xml"');

    const filtered = await visit('/blog?category=News');
    expect(filtered.body).toContain('Budget day');
    expect(filtered.body).not.toContain('Final over');
    expect(filtered.body).not.toContain(draft.title);
    expect(filtered.body).toMatch(/<a aria-current="page"[^>]*href="\/blog\?category=News"/);
    expect(filtered.body).toContain(`<link rel="canonical" href="${ORIGIN}/blog?category=News" />`);

    const empty = await visit('/blog?category=Entertainment');
    expect(empty.body).toContain('No blog posts found in this category.');
    // An unknown category shows every post.
    const unknown = await visit('/blog?category=Nope');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toContain('Final over');
  });

  it.skipIf(!built)('answers a draft with 404 to visitors and shows it to a signed-in admin', async () => {
    const draft = await posts.create(blogPostValues({ title: 'Coming soon', isPublished: false }));
    const visitor = await visit(`/blog/${draft.slug}`);
    expect(visitor.statusCode).toBe(404);
    expect(visitor.body).toContain('Blog Not Found');
    expect(visitor.body).toContain('The blog post you&#x27;re looking for doesn&#x27;t exist.');
    expect(visitor.body).not.toContain('Coming soon');
    expect((await visit('/blog/no-such-post')).statusCode).toBe(404);

    const cookie = await adminCookie();
    const admin = await visit(`/blog/${draft.slug}`, { cookie });
    expect(admin.statusCode).toBe(200);
    expect(admin.headers['cache-control']).toBe('no-store');
    expect(admin.body).toContain('Coming soon');
    expect(admin.body).toContain('Draft preview');
    expect(admin.body).toContain('<meta name="robots" content="noindex" />');
    // The admin's render was not kept for anyone else.
    expect((await visit(`/blog/${draft.slug}`)).statusCode).toBe(404);
  });

  it.skipIf(!built)('shows a post changed through the API on the next load', async () => {
    const cookie = await adminCookie();
    const post = await posts.create(blogPostValues({ title: 'First title' }));
    expect((await visit(`/blog/${post.slug}`)).body).toContain('First title');
    const { _id, views: _views, createdAt: _c, updatedAt: _u, publishedAt: _p, ...fields } = post;
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/blogs/${_id}`,
      headers: { origin: ORIGIN, cookie },
      payload: { ...fields, title: 'Second title' },
    });
    expect(updated.statusCode).toBe(200);
    expect((await visit(`/blog/${post.slug}`)).body).toContain('Second title');
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/blogs/${_id}`,
      headers: { origin: ORIGIN, cookie },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await visit(`/blog/${post.slug}`)).statusCode).toBe(404);
  });

  it.skipIf(!built)('counts a reader once a day, not bots or admins', async () => {
    const post = await posts.create(blogPostValues());
    const url = `/blog/${post.slug}`;
    await visit(url);
    await visit(url);
    expect(await viewsOf(post.slug)).toBe(1);
    await visit(url, { 'user-agent': 'Mozilla/5.0 (iPhone) Safari/604.1' });
    expect(await viewsOf(post.slug)).toBe(2);
    await visit(url, {}, '198.51.100.9');
    expect(await viewsOf(post.slug)).toBe(3);
    await visit(url, { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' });
    await visit(url, { 'user-agent': 'WhatsApp/2.23' });
    expect(await viewsOf(post.slug)).toBe(3);
    const cookie = await adminCookie();
    await visit(url, { cookie }, '192.0.2.44');
    expect(await viewsOf(post.slug)).toBe(3);
    // The next day the same reader counts again.
    t.clock.advance(24 * 60 * 60 * 1000);
    await visit(url);
    expect(await viewsOf(post.slug)).toBe(4);
    // A draft counts nothing, even for the reader who asks for it.
    const draft = await posts.create(blogPostValues({ isPublished: false }));
    await visit(`/blog/${draft.slug}`);
    expect(await viewsOf(draft.slug)).toBe(0);
  });

  describe('in Hindi', () => {
    /** The `hreflang` alternates of a page, by language. */
    const alternatesOf = (html: string) =>
      Object.fromEntries(
        [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)" \/>/g)].map((match) => [
          match[1],
          match[2],
        ]),
      );

    it.skipIf(!built)('says so when the Hindi blog has no posts, and links the English blog', async () => {
      const english = await posts.create(blogPostValues({ title: 'Only in English' }));
      const response = await visit('/hi/blog');
      expect(response.statusCode).toBe(200);
      const html = response.body;
      expect(html).toMatch(/<html[^>]* lang="hi"/);
      expect(html).toContain('<title>ब्लॉग | Sampark</title>');
      expect(html).toMatch(/<h1[^>]*>ब्लॉग<\/h1>/);
      expect(html).toContain('अभी हिन्दी में कोई लेख नहीं है।');
      expect(html).toMatch(/<a[^>]* href="\/blog"[^>]*>अंग्रेज़ी ब्लॉग पढ़ें<\/a>/);
      expect(html).not.toContain(english.title);
      // The English blog still reads as it always did.
      const englishList = (await visit('/blog')).body;
      expect(englishList).toContain(english.title);
      expect(englishList).toContain('Explore our latest articles and insights');
    });

    it.skipIf(!built)(
      'shows a Hindi post in Hindi, pointing with hreflang at its English translation and back',
      async () => {
        const english = await posts.create(blogPostValues({ title: 'Match day', slug: 'match-day' }));
        const hindi = await posts.create(
          blogPostValues({
            title: 'मैच का दिन',
            slug: 'match-day-hi',
            category: 'Sports',
            language: 'hi',
            translationId: english._id,
          }),
        );
        const list = (await visit('/hi/blog')).body;
        expect(list).toMatch(/<a[^>]* href="\/hi\/blog\/match-day-hi"[^>]*>मैच का दिन<\/a>/);
        expect(list).toContain('खेल');
        expect(list).not.toContain('Match day');

        // As a crawler, whose visit counts no view: a reader's is counted while the page renders, so the page
        // could show 0 or 1 (it showed 1 on a busy machine).
        const response = await visit('/hi/blog/match-day-hi', {
          'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)',
        });
        expect(response.statusCode).toBe(200);
        const html = response.body;
        expect(html).toMatch(/<html[^>]* lang="hi"/);
        expect(html).toContain('<title>मैच का दिन | Sampark</title>');
        expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/hi/blog/match-day-hi" />`);
        expect(alternatesOf(html)).toEqual({
          hi: `${ORIGIN}/hi/blog/match-day-hi`,
          en: `${ORIGIN}/blog/match-day`,
          'x-default': `${ORIGIN}/blog/match-day`,
        });
        expect(html).toContain('ब्लॉग पर वापस जाएँ');
        expect(html).toContain('0 बार देखा गया');
        expect(html).toContain('लेखक: Admin');
        // The date in Hindi, e.g. "25 नवंबर 2026", the day in the business's time zone: from 18:30 UTC it is
        // already the next day in India.
        const date = new Date(hindi.publishedAt!).toLocaleDateString('hi-IN', {
          year: 'numeric',
          month: 'long',
          day: 'numeric',
          timeZone: DEFAULT_SITE_SETTINGS.timeZone,
        });
        expect(html).toContain(`>${date}</time>`);
        // The header's language switch leads to the English translation.
        expect(html).toMatch(
          /<a[^>]* href="\/blog\/match-day"[^>]* hrefLang="en"|<a[^>]* hrefLang="en"[^>]* href="\/blog\/match-day"/i,
        );

        const englishPage = (await visit('/blog/match-day')).body;
        expect(englishPage).toMatch(/<html[^>]* lang="en"/);
        expect(alternatesOf(englishPage)).toEqual({
          en: `${ORIGIN}/blog/match-day`,
          hi: `${ORIGIN}/hi/blog/match-day-hi`,
          'x-default': `${ORIGIN}/blog/match-day`,
        });
        expect(englishPage).toContain('Back to Blogs');
      },
    );

    it.skipIf(!built)('names only its own language for a post without a translation', async () => {
      await posts.create(blogPostValues({ slug: 'hindi-only', language: 'hi', title: 'सिर्फ़ हिन्दी' }));
      expect(alternatesOf((await visit('/hi/blog/hindi-only')).body)).toEqual({
        hi: `${ORIGIN}/hi/blog/hindi-only`,
      });
    });

    it.skipIf(!built)('sends a post asked for at the other language’s blog to its own address', async () => {
      await posts.create(blogPostValues({ slug: 'english-post' }));
      await posts.create(blogPostValues({ slug: 'hindi-post', language: 'hi' }));
      const toHindi = await visit('/blog/hindi-post');
      expect(toHindi.statusCode).toBe(301);
      expect(toHindi.headers.location).toBe('/hi/blog/hindi-post');
      const toEnglish = await visit('/hi/blog/english-post');
      expect(toEnglish.statusCode).toBe(301);
      expect(toEnglish.headers.location).toBe('/blog/english-post');
      const missing = await visit('/hi/blog/no-such-post');
      expect(missing.statusCode).toBe(404);
      expect(missing.body).toContain('लेख नहीं मिला');
    });
  });
});
