import { beforeEach, describe, expect, it } from 'vitest';
import { blogPostValues } from '../../test-support/blog-posts.ts';
import { databaseForEachTest, TEST_DIALECTS } from '../../test-support/test-app.ts';
import { type BlogPostRepository, createBlogPostRepository } from './repository.ts';
import { blogPostSlugOf, isKnownBot, viewDay, visitorKey } from './view-counting.ts';

describe('visitorKey and isKnownBot', () => {
  it('keys a visitor per day, under a secret, without showing the address', () => {
    const key = visitorKey('203.0.113.7', 'Mozilla/5.0', '2025-01-06', 'secret');
    expect(key).toBe(visitorKey('203.0.113.7', 'Mozilla/5.0', '2025-01-06', 'secret'));
    expect(key).not.toContain('203.0.113.7');
    expect(visitorKey('203.0.113.7', 'Mozilla/5.0', '2025-01-07', 'secret')).not.toBe(key);
    expect(visitorKey('203.0.113.8', 'Mozilla/5.0', '2025-01-06', 'secret')).not.toBe(key);
    expect(visitorKey('203.0.113.7', 'Other/1.0', '2025-01-06', 'secret')).not.toBe(key);
    expect(visitorKey('203.0.113.7', 'Mozilla/5.0', '2025-01-06', 'other')).not.toBe(key);
  });

  it.each([
    ['Googlebot/2.1 (+http://www.google.com/bot.html)', true],
    ['Mozilla/5.0 (compatible; bingbot/2.0)', true],
    ['facebookexternalhit/1.1', true],
    ['WhatsApp/2.23.20.0', true],
    ['TelegramBot (like TwitterBot)', true],
    ['Mozilla/5.0 (compatible; Yahoo! Slurp)', true],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36', false],
    [undefined, false],
  ])('isKnownBot(%s) is %s', (userAgent, expected) => {
    expect(isKnownBot(userAgent)).toBe(expected);
  });

  it('gives the UTC day', () => {
    expect(viewDay(Date.UTC(2025, 0, 6, 23, 59))).toBe('2025-01-06');
  });

  it.each([
    ['/blog/first-post', 'first-post'],
    ['/blog/first-post/', 'first-post'],
    ['/blog/first-post?ref=feed', 'first-post'],
    ['/blog/first-post/#top', 'first-post'],
    ['/blog', null],
    ['/blog/', null],
    ['/blog?category=News', null],
    ['/blog/first-post/more', null],
    ['/blog/first-post//', null],
    ['/blog/First%20Post', null],
    ['/blogs/first-post', null],
    [`/blog/${'a'.repeat(201)}`, null],
  ])('finds the post slug of the page URL %s: %s', (url, slug) => {
    expect(blogPostSlugOf(url)).toBe(slug);
  });
});

describe.each(TEST_DIALECTS)('blog post views (%s)', (dialect) => {
  const database = databaseForEachTest(dialect);
  let blogPosts: BlogPostRepository;
  let postId: string;
  beforeEach(async () => {
    blogPosts = createBlogPostRepository(database.db);
    postId = (await blogPosts.create(blogPostValues({ title: 'Viewed', slug: 'viewed', category: 'Other' })))
      ._id;
  });

  const views = async () => (await blogPosts.findById(postId))!.views;

  it('counts 100 concurrent first views exactly once each, and a repeat the same day not at all', async () => {
    const visitors = Array.from({ length: 100 }, (_, i) => `visitor-${i}`);
    const counted = await Promise.all(
      visitors.map((visitor) => blogPosts.recordView(postId, visitor, '2025-01-06')),
    );
    expect(counted.every(Boolean)).toBe(true);
    expect(await views()).toBe(100);

    const repeats = await Promise.all(
      visitors.map((visitor) => blogPosts.recordView(postId, visitor, '2025-01-06')),
    );
    expect(repeats.some(Boolean)).toBe(false);
    expect(await views()).toBe(100);

    expect(await blogPosts.recordView(postId, 'visitor-0', '2025-01-07')).toBe(true);
    expect(await views()).toBe(101);
  });

  it('counts the same visitor once when its views race', async () => {
    const counted = await Promise.all(
      Array.from({ length: 20 }, () => blogPosts.recordView(postId, 'same', '2025-01-06')),
    );
    expect(counted.filter(Boolean)).toHaveLength(1);
    expect(await views()).toBe(1);
  });

  it('ignores a view of an unknown post', async () => {
    expect(await blogPosts.recordView('01936b2e-8f3a-7c4d-9e5f-0a1b2c3d4e5f', 'v', '2025-01-06')).toBe(false);
  });

  it('purges view rows before a day and keeps the counts', async () => {
    await blogPosts.recordView(postId, 'a', '2025-01-05');
    await blogPosts.recordView(postId, 'b', '2025-01-06');
    await blogPosts.recordView(postId, 'c', '2025-01-07');
    expect(await blogPosts.purgeViewsBefore('2025-01-07')).toBe(2);
    expect(await views()).toBe(3);
    // The purged day's rows are gone, so only days still kept deduplicate.
    expect(await blogPosts.recordView(postId, 'c', '2025-01-07')).toBe(false);
  });

  it('drops a post’s view rows with the post', async () => {
    await blogPosts.recordView(postId, 'a', '2025-01-06');
    expect(await blogPosts.delete(postId)).toBe(true);
    const rows = await database.db.selectFrom('blogPostViews').selectAll().execute();
    expect(rows).toEqual([]);
  });
});
