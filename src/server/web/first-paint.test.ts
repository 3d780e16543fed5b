import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BlogPostValues } from '../../shared/contracts/blog.ts';
import { PUBLIC_PAGE_PATHS } from '../../shared/pages/public-pages.ts';
import { createBlogPostRepository } from '../features/blog/repository.ts';
import { WEB_BUILT as built, WEB_DIST_DIR } from '../test-support/rendered-pages.ts';
import { TEST_DIALECTS, testAppForEachTest } from '../test-support/test-app.ts';

/**
 * Decision 044: a public page paints from its own HTML. Its stylesheet is inline, nothing in <head> blocks
 * rendering or downloads script before the first paint, the inline stylesheet has every rule the page's
 * markup uses, and the blog list's first picture (its largest paint) is fetched at once while the others
 * wait until scrolled to.
 */
const CLIENT_DIR = path.join(WEB_DIST_DIR, 'client');

/** Every public page hydrates only its islands (decision 062); a Hindi page or two besides the table's. */
const PUBLIC_PATHS = [...PUBLIC_PAGE_PATHS, '/hi', '/hi/contact', '/hi/contact/message'];

/** The class names a stylesheet has rules for (Tailwind escapes `:`, `[`, `/`… in them). */
function classesOf(css: string): Set<string> {
  const classes = new Set<string>();
  for (const match of css.matchAll(/\.((?:\\.|[\w-])+)/g)) classes.add(match[1]!.replace(/\\(.)/g, '$1'));
  return classes;
}

/** The class names a page's markup uses. */
function classesIn(html: string): Set<string> {
  const classes = new Set<string>();
  for (const match of html.matchAll(/ class="([^"]*)"/g)) {
    for (const name of match[1]!.replaceAll('&amp;', '&').split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}

/** The admin app's stylesheet: Tailwind's rules for every class in the project. */
function adminStylesheet(): string {
  const admin = fs.readFileSync(path.join(CLIENT_DIR, 'admin.html'), 'utf8');
  const href = admin.match(/<link rel="stylesheet"[^>]* href="\/([^"]+\.css)"/)?.[1];
  if (!href) throw new Error('admin.html links no stylesheet');
  return fs.readFileSync(path.join(CLIENT_DIR, href), 'utf8');
}

function blogPost(serial: number): BlogPostValues {
  return {
    title: `Picture post ${serial}`,
    description: `About picture post ${serial}`,
    content: 'Text.',
    slug: `picture-post-${serial}`,
    category: 'Technology',
    image: `https://images.example/picture-${serial}.jpg`,
    author: 'Admin',
    isPublished: true,
    scheduledAt: null,
    language: 'en',
    translationId: null,
  };
}

describe.skipIf(!built).each(TEST_DIALECTS)(
  'first paint of the public pages (%s, needs npm run build:web)',
  (dialect) => {
    const t = testAppForEachTest(dialect, { WEB_DIST_DIR });

    it('inlines the stylesheet, blocks rendering on nothing and starts its script after painting', async () => {
      for (const url of PUBLIC_PATHS) {
        const response = await t.app.inject({ url });
        expect(response.statusCode, url).toBe(200);
        const head = response.body.slice(0, response.body.indexOf('</head>'));
        // No stylesheet to download before the first paint…
        expect(head, url).not.toMatch(/<link[^>]*rel="stylesheet"/);
        expect(head, url).toMatch(/<style>((?!<\/style>).)*\.text-slate-700\{/s);
        // …and no classic script that stops the parser: scripts are modules (deferred) or data.
        for (const [script] of head.matchAll(/<script\b[^>]*>/g)) {
          expect(script, url).toMatch(/type="(module|application\/json|application\/ld\+json)"/);
        }
        // Nothing downloads the page's script before the first paint: one small module, fetched at low
        // priority, starts it once painted, from the files a data block names (nothing inline runs).
        expect(head, url).not.toContain('rel="modulepreload"');
        const sources = [...head.matchAll(/<script\b[^>]* src="([^"]+)"/g)].map(([, src]) => src);
        expect(sources, url).toEqual([expect.stringMatching(/^\/assets\/page-start-[^"]+\.js$/)]);
        expect(head, url).toMatch(
          /<script type="module" fetchpriority="low" crossorigin src="\/assets\/page-start-/,
        );
        // No app to start: the page's islands only (decision 062).
        expect(head, url).toMatch(
          /<script type="application\/json" id="page-scripts">\{"preloads":\[\],"islands":\{/,
        );
      }
      // A page of islands names those its markup has, with the language they speak: the contact page its
      // form's dialog and the form's own page its form, fetched when a visitor reaches for it (decision 062);
      // the landing page none.
      const contact = (await t.app.inject({ url: '/hi/contact' })).body;
      expect(contact).toMatch(
        /"islands":\{"contact-form":"\/assets\/island-contact-form-[^"]+\.js"\},"language":\{"locale":"hi",/,
      );
      const message = (await t.app.inject({ url: '/hi/contact/message' })).body;
      expect(message).toMatch(
        /"islands":\{"contact-message":"\/assets\/island-contact-message-[^"]+\.js"\},"language":\{"locale":"hi",/,
      );
      expect((await t.app.inject({ url: '/' })).body).toContain('"preloads":[],"islands":{}}');
    });

    it('has in its inline stylesheet every rule its markup uses', async () => {
      const projectClasses = classesOf(adminStylesheet());
      // A post too: its Markdown is styled by classes from src/web/lib.
      const post = await createBlogPostRepository(t.database.db).create({
        ...blogPost(1),
        content: '## Heading\n\n- an item\n\n> a quote with [a link](https://example.com) and `code`',
      });
      for (const url of [...PUBLIC_PATHS, `/blog/${post.slug}`]) {
        const html = (await t.app.inject({ url })).body;
        const inline = classesOf(html.match(/<style>(.*?)<\/style>/s)?.[1] ?? '');
        // A class Tailwind styles somewhere in the project but not in the public stylesheet: a folder the
        // public pages use is missing from src/web/public/styles.css's @source list.
        const missing = [...classesIn(html)].filter((name) => projectClasses.has(name) && !inline.has(name));
        expect(missing, url).toEqual([]);
      }
    });

    it('fetches the blog list’s first picture at once and the others lazily', async () => {
      const posts = createBlogPostRepository(t.database.db);
      for (const serial of [1, 2, 3]) await posts.create(blogPost(serial));
      const html = (await t.app.inject({ url: '/blog' })).body;
      const pictures = [...html.matchAll(/<img [^>]*src="https:\/\/images\.example\/[^>]*>/g)].map(
        ([tag]) => tag,
      );
      expect(pictures).toHaveLength(3);
      const [first, ...others] = pictures;
      expect(first).toMatch(/ fetchpriority="high"/i);
      expect(first).not.toContain('loading=');
      for (const other of others) {
        expect(other).toContain('loading="lazy"');
        expect(other).not.toMatch(/fetchpriority/i);
      }
    });
  },
);
