import { describe, expect, it } from 'vitest';
import { initialSlugFollowsTitle, slugFollowsAfterEdit, slugForTitle } from './slug-follow.ts';

/** Types a title character by character, as the form does, and returns the slug shown at the end. */
function typeTitle(title: string, start: { slug: string; follows: boolean }) {
  let slug = start.slug;
  for (let end = 1; end <= title.length; end += 1)
    slug = slugForTitle(title.slice(0, end), slug, start.follows);
  return slug;
}

describe('the slug while a post is created', () => {
  it('follows the title as it is typed', () => {
    const follows = initialSlugFollowsTitle(false);
    expect(follows).toBe(true);
    expect(typeTitle('Hello World, IPL 2026!', { slug: '', follows })).toBe('hello-world-ipl-2026');
    expect(slugForTitle('  Cricket -- news  ', '', true)).toBe('cricket-news');
  });

  it('stops following once the admin types a slug of their own', () => {
    expect(slugFollowsAfterEdit('my-own-slug', 'Hello World', false)).toBe(false);
    expect(slugForTitle('Hello World again', 'my-own-slug', false)).toBe('my-own-slug');
  });

  it('follows again when the slug is emptied or set back to what the title gives', () => {
    expect(slugFollowsAfterEdit('', 'Hello World', false)).toBe(true);
    expect(slugFollowsAfterEdit('hello-world', 'Hello World', false)).toBe(true);
  });
});

describe('the slug while a post is edited', () => {
  it('is never regenerated from the title', () => {
    const follows = initialSlugFollowsTitle(true);
    expect(follows).toBe(false);
    expect(typeTitle('A new title', { slug: 'old-slug', follows })).toBe('old-slug');
    expect(slugFollowsAfterEdit('', 'A new title', true)).toBe(false);
  });
});
