import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PUBLIC_PAGES } from '../../shared/pages/public-pages.ts';
import { DEFAULT_SITE_SETTINGS } from '../../shared/rules/default-site-settings.ts';
import { LOCALES, localizedPath } from '../../shared/rules/locales.ts';
import { brandGamePath } from '../../shared/rules/site-settings.ts';
import { WEB_BUILT as built, textOf, WEB_DIST_DIR } from '../test-support/rendered-pages.ts';
import { asAdmin, signedInAppForEachTest } from '../test-support/test-app.ts';

/** The labels of the figure tiles that show the owner's figures, in both languages (the catalogues' stats). */
function figureLabels(): string[] {
  return ['landing', 'terms'].flatMap((namespace) =>
    ['en', 'hi'].flatMap((locale) => {
      const file = path.resolve('src/web/content/messages', locale, `${namespace}.json`);
      const { stats } = JSON.parse(fs.readFileSync(file, 'utf8')) as {
        stats: { value: string; label: string }[];
      };
      return stats.filter((stat) => /\{(users|rating)\}/.test(stat.value)).map((stat) => stat.label);
    }),
  );
}

/** The labels of the figure tiles on a page, and every other term of a list (`<dt>`: the hours' days). */
function tileLabelsOf(html: string): string[] {
  return [...html.matchAll(/<dt[^>]*>([\s\S]*?)<\/dt>/g)].map((match) => textOf(match[1]!).trim());
}

// The pages do not depend on the database's dialect: SQLite only.
describe.skipIf(!built)('the marketing figures on the public pages (needs npm run build:web)', () => {
  const t = signedInAppForEachTest('sqlite', { WEB_DIST_DIR });
  const labels = figureLabels();

  /** Every public page of a new site, in both languages: the page table's paths, with a post and the game. */
  const everyPage = async (): Promise<string[]> => {
    const post = await t.app.inject(
      asAdmin(t.cookie, {
        method: 'POST',
        url: '/api/blogs',
        payload: {
          title: 'Opening hours for Diwali',
          description: 'When we answer',
          content: 'We answer every day.',
          slug: 'opening-hours-for-diwali',
          category: 'News',
          isPublished: true,
        },
      }),
    );
    expect(post.statusCode).toBe(201);
    const paths = Object.values(PUBLIC_PAGES).map((page) => {
      if (page.path === '/blog/:slug') return '/blog/opening-hours-for-diwali';
      if (page.path === '/:gamePath') return brandGamePath(DEFAULT_SITE_SETTINGS.brandName);
      if (page.path === '/*') return '/no-such-page';
      return page.path;
    });
    return LOCALES.flatMap((locale) => paths.map((pagePath) => localizedPath(locale, pagePath)));
  };

  it('a new site shows no figure its owner did not enter, on any public page, in English or Hindi', async () => {
    expect(labels.length).toBeGreaterThanOrEqual(8);
    const pages = await everyPage();
    expect(pages).toContain('/hi/terms');
    for (const url of pages) {
      let response = await t.app.inject({ url });
      // An English post asked for under /hi leads to itself (decision 039).
      if (response.statusCode === 301) response = await t.app.inject({ url: response.headers.location });
      expect(response.statusCode, url).toBe(url.endsWith('/no-such-page') ? 404 : 200);
      const text = textOf(response.body);
      expect(text, url).not.toMatch(/\d\/5\b|50K\+|4\.8/);
      expect(
        tileLabelsOf(response.body).filter((label) => labels.includes(label)),
        url,
      ).toEqual([]);
    }
    // The landing page keeps the figures that are facts of the site itself.
    expect(tileLabelsOf((await t.app.inject({ url: '/' })).body)).toEqual(
      expect.arrayContaining(['Send us a message any time', 'Trackers on this site']),
    );
  });

  it('shows each figure once the owner enters it, and only that one', async () => {
    const save = async (figures: { usersCount: string; rating: string }) => {
      const payload = { ...DEFAULT_SITE_SETTINGS, ...figures };
      const response = await t.app.inject(
        asAdmin(t.cookie, { method: 'PUT', url: '/api/admin/settings', payload }),
      );
      expect(response.statusCode).toBe(200);
    };
    await save({ usersCount: '', rating: '4.6' });
    for (const url of ['/', '/terms', '/hi', '/hi/terms']) {
      const text = textOf((await t.app.inject({ url })).body);
      expect(text, url).toContain('4.6/5');
    }
    const landingTiles = tileLabelsOf((await t.app.inject({ url: '/' })).body);
    expect(landingTiles).toContain('Customer rating');
    expect(landingTiles).not.toContain('Users');

    await save({ usersCount: '12K+', rating: '4.6' });
    expect(tileLabelsOf((await t.app.inject({ url: '/hi' })).body)).toEqual(
      expect.arrayContaining(['यूज़र्स', 'ग्राहक रेटिंग']),
    );
    expect(textOf((await t.app.inject({ url: '/hi/terms' })).body)).toContain('12K+');
  });
});
