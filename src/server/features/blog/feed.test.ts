import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { BlogPost, BlogPostInput } from '../../../shared/contracts/blog.ts';
import { asAdmin, signedInAppForEachTest, TEST_DIALECTS, TEST_ORIGIN } from '../../test-support/test-app.ts';

// The origin the site is reached on (no PUBLIC_ORIGIN: the request's own).
const ORIGIN = TEST_ORIGIN;

describe.each(TEST_DIALECTS)('blog RSS feed and sitemap (%s)', (dialect) => {
  const t = signedInAppForEachTest(dialect);

  const admin = (options: InjectOptions) => t.app.inject(asAdmin(t.cookie, options));

  async function createPost(overrides: Partial<BlogPostInput>): Promise<BlogPost> {
    const response = await admin({
      method: 'POST',
      url: '/api/blogs',
      payload: {
        description: 'About it',
        content: 'Text',
        category: 'News',
        isPublished: true,
        ...overrides,
      },
    });
    expect(response.statusCode).toBe(201);
    t.clock.advance(1000);
    return response.json().data;
  }

  it('is well-formed RSS 2.0 of the published posts, newest first, with escaped text', async () => {
    const older = await createPost({
      title: 'Tom & Jerry <3',
      slug: 'tom-and-jerry',
      description: 'Cats "and" mice',
    });
    await createPost({ title: 'Secret draft', slug: 'draft', isPublished: false });
    const newer = await createPost({ title: 'Newest', slug: 'newest' });

    const response = await t.app.inject({ method: 'GET', url: '/blog/rss.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(XMLValidator.validate(response.body)).toBe(true);
    const feed = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'item' }).parse(
      response.body,
    );
    expect(feed.rss['@_version']).toBe('2.0');
    const { channel } = feed.rss;
    expect(channel.title).toBe('Sampark Blog');
    expect(channel.link).toBe(`${ORIGIN}/blog`);
    expect(channel.item).toHaveLength(2);
    const [first, second] = channel.item;
    expect(first).toMatchObject({
      title: 'Newest',
      link: `${ORIGIN}/blog/newest`,
      guid: { '#text': `${ORIGIN}/blog/newest`, '@_isPermaLink': 'true' },
      pubDate: new Date(newer.publishedAt!).toUTCString(),
    });
    // The parser leaves entities as written; what matters is they are there, escaped.
    expect(response.body).toContain('<title>Tom &amp; Jerry &lt;3</title>');
    expect(response.body).toContain('<description>Cats &quot;and&quot; mice</description>');
    expect(second.link).toBe(`${ORIGIN}/blog/tom-and-jerry`);
    expect(second.pubDate).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
    expect(second.pubDate).toBe(new Date(older.publishedAt!).toUTCString());
    expect(response.body).not.toContain('Secret draft');
  });

  it('is a valid empty channel when nothing is published', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/blog/rss.xml' });
    expect(XMLValidator.validate(response.body)).toBe(true);
    expect(new XMLParser().parse(response.body).rss.channel.title).toBe('Sampark Blog');
  });

  it('lists the blog and its published posts in the sitemap, not the drafts', async () => {
    const post = await createPost({ title: 'Public', slug: 'public-post' });
    await createPost({ title: 'Draft', slug: 'draft-post', isPublished: false });
    const response = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(XMLValidator.validate(response.body)).toBe(true);
    // The list in both languages, each naming the other.
    expect(response.body).toContain(
      `<url><loc>${ORIGIN}/blog</loc><lastmod>${post.updatedAt}</lastmod><xhtml:link rel="alternate" hreflang="en" href="${ORIGIN}/blog"/>`,
    );
    // No Hindi post yet: the Hindi list has no time of change.
    expect(response.body).toContain(`<url><loc>${ORIGIN}/hi/blog</loc><xhtml:link`);
    expect(response.body).toContain(
      `<url><loc>${ORIGIN}/blog/public-post</loc><lastmod>${post.updatedAt}</lastmod></url>`,
    );
    expect(response.body).not.toContain('draft-post');
  });
});
