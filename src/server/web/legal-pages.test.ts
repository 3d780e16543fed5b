import fs from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SITE_SETTINGS } from '../../shared/rules/default-site-settings.ts';
import { WEB_BUILT as built, WEB_DIST_DIR } from '../test-support/rendered-pages.ts';
import { asAdmin, signedInAppForEachTest } from '../test-support/test-app.ts';

/** The marketing figures as an owner enters them: every test here starts by saving them (a new site has none). */
const ENTERED_FIGURES = { usersCount: '12K+', rating: '4.6' };

type Tree = string | readonly Tree[] | { readonly [key: string]: Tree };

/** Every text of a catalogue as written, with the site's values filled in; texts that choose by a value are left out. */
function catalogueTexts(locale: 'en' | 'hi', namespace: 'terms' | 'privacy'): string[] {
  const file = path.join('src/web/content/messages', locale, `${namespace}.json`);
  const texts = (tree: Tree): string[] =>
    typeof tree === 'string' ? [tree] : Object.values(tree).flatMap((item: Tree) => texts(item));
  const values: Record<string, string> = {
    product: DEFAULT_SITE_SETTINGS.brandName,
    email: DEFAULT_SITE_SETTINGS.supportEmail,
    users: ENTERED_FIGURES.usersCount,
    rating: ENTERED_FIGURES.rating,
  };
  return texts(JSON.parse(fs.readFileSync(file, 'utf8')) as Tree)
    .filter((text) => !/\{\w+,/.test(text))
    .map((text) => text.replace(/\{(\w+)\}/g, (placeholder, name: string) => values[name] ?? placeholder))
    .filter((text) => !text.includes('{'));
}

function decode(html: string): string {
  return html
    .replaceAll('&#x27;', "'")
    .replaceAll('&#39;', "'")
    .replaceAll('&quot;', '"')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

/**
 * What a visitor reads or hears on the page: its title and description, its text and its accessible names,
 * tags and scripts dropped.
 */
function readableOf(html: string): string {
  const head = html.slice(0, html.indexOf('<body'));
  const body = html.slice(html.indexOf('<body'));
  const title = /<title>([^<]*)<\/title>/.exec(head)?.[1] ?? '';
  const description = /<meta name="description" content="([^"]*)"/.exec(head)?.[1] ?? '';
  const labels = [...body.matchAll(/aria-label="([^"]*)"/g)].map((match) => match[1]);
  const text = body.replace(/<script[\s\S]*?<\/script>/g, ' ').replace(/<[^>]+>/g, ' ');
  return decode(`${title} ${description} ${text} ${labels.join(' ')}`).replace(/\s+/g, ' ');
}

/** Every href on the page that leads to a page of this site. */
function sitePageLinks(html: string): string[] {
  return [...html.matchAll(/<a [^>]*href="(\/[^"]*)"/g)]
    .map((match) => decode(match[1]!))
    .filter((href) => !href.startsWith('/go/'));
}

/** The <title> and the <html lang> of the page. */
function headOf(html: string): { title: string | undefined; lang: string | undefined } {
  return {
    title: decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? ''),
    lang: /<html lang="([^"]*)"/.exec(html)?.[1],
  };
}

// The pages do not depend on the database's dialect: SQLite only.
describe.skipIf(!built)('the terms and privacy pages in English and Hindi (needs npm run build:web)', () => {
  const t = signedInAppForEachTest('sqlite', { WEB_DIST_DIR });
  const page = async (url: string) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode, url).toBe(200);
    return response.body;
  };
  const addChannel = async (type: string, value: string) => {
    const response = await t.app.inject(
      asAdmin(t.cookie, { method: 'POST', url: '/api/contacts', payload: { type, value, isActive: true } }),
    );
    expect(response.statusCode).toBe(201);
  };
  beforeEach(async () => {
    const payload = { ...DEFAULT_SITE_SETTINGS, ...ENTERED_FIGURES };
    const response = await t.app.inject(
      asAdmin(t.cookie, { method: 'PUT', url: '/api/admin/settings', payload }),
    );
    expect(response.statusCode).toBe(200);
  });

  it.each(['terms', 'privacy'] as const)(
    '/hi/%s is in Hindi: every text of its catalogue, none of the English ones, links to Hindi pages',
    async (namespace) => {
      const html = await page(`/hi/${namespace}`);
      const readable = readableOf(html);
      expect(headOf(html).lang).toBe('hi');
      for (const text of catalogueTexts('hi', namespace)) expect(readable).toContain(text);
      for (const text of catalogueTexts('en', namespace)) {
        // Figures and brand names read the same in both languages.
        if (/[A-Za-z]{3,}/.test(text.replaceAll(DEFAULT_SITE_SETTINGS.brandName, ''))) {
          expect(readable).not.toContain(text);
        }
      }
      const links = sitePageLinks(html);
      expect(links).toContain('/hi/contact');
      // The language switch (in the header, the phone menu and the footer) is the only link to an English
      // page: the same page's English version.
      expect(new Set(links.filter((href) => !href.startsWith('/hi')))).toEqual(new Set([`/${namespace}`]));
    },
  );

  it.each(['terms', 'privacy'] as const)(
    '/%s reads as before, in English, with every text of its catalogue',
    async (namespace) => {
      const html = await page(`/${namespace}`);
      const readable = readableOf(html);
      expect(headOf(html).lang).toBe('en');
      for (const text of catalogueTexts('en', namespace)) expect(readable).toContain(text);
      expect(new Set(sitePageLinks(html).filter((href) => href.startsWith('/hi')))).toEqual(
        new Set([`/hi/${namespace}`]),
      );
    },
  );

  it('the Hindi terms page has a Hindi title, sections, severities, date and count of channels', async () => {
    const html = await page('/hi/terms');
    expect(headOf(html).title).toBe(`नियम और शर्तें | ${DEFAULT_SITE_SETTINGS.brandName}`);
    const readable = readableOf(html);
    expect(
      [...html.matchAll(/<summary[^>]*>([\s\S]*?)<\/summary>/g)].map((match) =>
        readableOf(`<body>${match[1]}`).trim(),
      ),
    ).toEqual([
      'ऐप की जानकारी और मकसद',
      'सही इस्तेमाल के नियम',
      'मना किए गए काम',
      'डेटा और निजता की सुरक्षा',
      'WhatsApp से जुड़ाव',
      'कानूनी अस्वीकरण',
    ]);
    expect(readable).toContain('स्पैम उच्च गंभीरता');
    expect(readable).toContain('किसी और का रूप धरना मध्यम गंभीरता');
    // The date in Hindi, as in India: "25 नवंबर 2026".
    expect(readable).toMatch(/आख़िरी अपडेट: \d{1,2} [\u0900-\u097F]+ \d{4}/);
    expect(readable).not.toMatch(/हमसे संपर्क (का|के) तरीक/);

    await addChannel('whatsapp', '+91 98765 00001');
    expect(readableOf(await page('/hi/terms'))).toContain('हमसे संपर्क का तरीका 1');
    await addChannel('email', 'help@apna.example');
    expect(readableOf(await page('/hi/terms'))).toContain('हमसे संपर्क के तरीके 2');
  });

  it('the Hindi privacy page has a Hindi title and mails and links support in Hindi', async () => {
    const html = await page('/hi/privacy');
    expect(headOf(html).title).toBe(`प्राइवेसी पॉलिसी | ${DEFAULT_SITE_SETTINGS.brandName}`);
    expect(html).toContain(`href="mailto:${DEFAULT_SITE_SETTINGS.supportEmail}"`);
    expect(readableOf(html)).toContain(`${DEFAULT_SITE_SETTINGS.supportEmail} पर ईमेल करें`);
    expect(sitePageLinks(html)).toEqual(expect.arrayContaining(['/hi/contact', '/hi/delete-account']));
    // Only the page's own language's texts travel with it.
    expect(html).not.toContain('What we do not collect');
  });
});
