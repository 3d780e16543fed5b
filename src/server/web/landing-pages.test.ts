import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contactFactsOf } from '../../shared/rules/contact-facts.ts';
import { DEFAULT_SITE_SETTINGS } from '../../shared/rules/default-site-settings.ts';
import type EnglishLanding from '../../web/content/messages/en/landing.json';
import { copyValues } from '../../web/content/site.ts';
import { WEB_BUILT as built, textOf, WEB_DIST_DIR } from '../test-support/rendered-pages.ts';
import { asAdmin, signedInAppForEachTest, TEST_DIALECTS } from '../test-support/test-app.ts';

/** The settings' values, as the pages fill them in (figures as an owner might enter them). */
function filled(text: string): string {
  return text
    .replaceAll('{product}', 'Sampark')
    .replaceAll('{users}', '12K+')
    .replaceAll('{rating}', '4.6')
    .replaceAll('{competitor}', 'Other ID providers');
}

type Catalogue = typeof EnglishLanding;

/** A catalogue as written (importing it would give the compiled messages: vitest.config.ts). */
function catalogue(locale: 'en' | 'hi'): Catalogue {
  const file = path.resolve('src/web/content/messages', locale, 'landing.json');
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Catalogue;
}
const englishLanding = catalogue('en');
const hindiLanding = catalogue('hi');

/** The FAQ as a visitor reads it, in the catalogue's order. */
function faqOf(catalogue: Catalogue) {
  return Object.values(catalogue.faqs).map((faq) => ({
    question: filled(faq.question),
    answer: filled(faq.answer),
  }));
}

function textsAsWritten(tree: unknown): string[] {
  return typeof tree === 'string' ? [tree] : Object.values(tree as object).flatMap(textsAsWritten);
}

/** Every text of a catalogue that needs no channel, filled. */
function textsOf(tree: unknown): string[] {
  if (typeof tree === 'string') return /\{(phone|whatsapp|name)\}/.test(tree) ? [] : [filled(tree)];
  return Object.values(tree as object).flatMap(textsOf);
}

interface JsonLd {
  '@type': string;
  mainEntity?: { name: string; acceptedAnswer: { text: string } }[];
}

function faqJsonLdOf(html: string) {
  const faqPage = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/g)]
    .map((match) => JSON.parse(match[1]!) as JsonLd)
    .find((data) => data['@type'] === 'FAQPage');
  return (faqPage?.mainEntity ?? []).map((entry) => ({
    question: entry.name,
    answer: entry.acceptedAnswer.text,
  }));
}

describe('the landing catalogues', () => {
  const EVERY_CHANNEL: Parameters<typeof contactFactsOf>[0] = [
    { _id: 'c1', type: 'telegram', value: '@apna_help', display: '@apna_help' },
    { _id: 'c2', type: 'phone', value: '+919876543210', display: '+91 98765 43210' },
    { _id: 'c3', type: 'whatsapp', value: '+919876511111', display: '+91 98765 11111' },
  ];

  it.each([
    ['en', englishLanding],
    ['hi', hindiLanding],
  ])('%s uses only values the settings and channels fill', (_locale, landing) => {
    const names = new Set(
      textsAsWritten(landing).flatMap((text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1])),
    );
    const entered = { ...DEFAULT_SITE_SETTINGS, usersCount: '12K+', rating: '4.6' };
    const known = Object.keys(copyValues(entered, contactFactsOf(EVERY_CHANNEL)));
    expect([...names].filter((name) => !known.includes(name!))).toEqual([]);
  });
});

const h1Of = (html: string) => textOf(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? '').trim();

describe.skipIf(!built).each(TEST_DIALECTS)(
  'the landing page in English and Hindi (%s, needs npm run build:web)',
  (dialect) => {
    const t = signedInAppForEachTest(dialect, { WEB_DIST_DIR });

    const addChannel = async (type: string, value: string) => {
      const response = await t.app.inject(
        asAdmin(t.cookie, { method: 'POST', url: '/api/contacts', payload: { type, value, isActive: true } }),
      );
      expect(response.statusCode).toBe(201);
    };
    const page = async (url: string) => {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      return response.body;
    };
    /** Where a counted channel link (`/go/{id}`) leads. */
    const followed = async (html: string, prefix: string): Promise<string[]> => {
      const hrefs = [...html.matchAll(/href="(\/go\/[^"]*)"/g)].map((match) =>
        match[1]!.replaceAll('&amp;', '&').replaceAll('&#x27;', "'"),
      );
      const targets = await Promise.all(
        hrefs.map(async (href) => String((await t.app.inject({ url: href })).headers.location)),
      );
      return targets.filter((target) => target.startsWith(prefix));
    };

    it('/hi is the landing page in Hindi: its heading, FAQ (also for search engines), links and WhatsApp message', async () => {
      await addChannel('whatsapp', '+91 98765 00002');
      await addChannel('telegram', 'https://t.me/apna_help');
      const html = await page('/hi');
      const text = textOf(html);

      expect(html).toMatch(/<html[^>]* lang="hi"/);
      expect(html).toContain(`<title>${filled(hindiLanding.meta.title)}</title>`);
      expect(h1Of(html)).toBe('अपनी Sampark आईडी WhatsApp पर पाएँ');
      expect(text).toContain('बाद में कोई सवाल हो? Telegram पर @apna_help को लिखें।');

      const faq = faqOf(hindiLanding);
      expect(faq).toHaveLength(6);
      for (const { question, answer } of faq) {
        expect(text).toContain(question);
        expect(text).toContain(answer);
      }
      expect(faqJsonLdOf(html)).toEqual(faq);

      // Not a sentence of the English landing page is left.
      for (const english of textsOf(englishLanding)) {
        if (/[A-Za-z]{3,}/.test(english.replace(/Sampark|WhatsApp|Telegram|Other ID providers/g, ''))) {
          expect(text).not.toContain(english);
        }
      }

      // Links within the site stay in Hindi; the WhatsApp chat opens with a Hindi greeting.
      expect(html).toContain('href="/hi/contact"');
      expect(html).not.toMatch(/href="\/contact"/);
      const whatsapp = await followed(html, 'https://wa.me/');
      expect(whatsapp).toHaveLength(3);
      for (const href of whatsapp) {
        expect(new URL(href).searchParams.get('text')).toBe(
          'नमस्ते Sampark टीम, मुझे एक आईडी चाहिए। मैंने आपको आपकी वेबसाइट के होम पेज पर देखा।',
        );
      }
    });

    it('/ reads in English exactly as before', async () => {
      await addChannel('whatsapp', '+91 98765 00002');
      const html = await page('/');
      const text = textOf(html);

      expect(html).toMatch(/<html[^>]* lang="en"/);
      expect(html).toContain('<title>Sampark — get your ID and support on WhatsApp</title>');
      expect(h1Of(html)).toBe('Get your Sampark ID on WhatsApp');
      expect(text).toContain('Send us a message on WhatsApp and our team sets up your ID in the chat.');
      expect(text).toContain('Frequently asked questions');
      expect(text).toContain('All contact options and business hours');
      for (const hindi of textsOf(hindiLanding)) {
        if (/[\u0900-\u097F]/.test(hindi)) expect(text).not.toContain(hindi);
      }

      const faq = faqOf(englishLanding);
      expect(faq[0]).toEqual({
        question: 'What is Sampark?',
        answer:
          'Sampark is our support desk and contact directory for customers in India. You get your ID and help with it by WhatsApp, phone, Telegram or the contact form.',
      });
      for (const { question, answer } of faq) {
        expect(text).toContain(question);
        expect(text).toContain(answer);
      }
      expect(faqJsonLdOf(html)).toEqual(faq);
      expect(html).toContain('href="/contact"');
      for (const href of await followed(html, 'https://wa.me/')) {
        expect(new URL(href).searchParams.get('text')).toBe(
          "Hello Sampark team, I would like to get an ID. I found you on your website's home page.",
        );
      }
    });

    it('the lead names only the channels that are published, in either language', async () => {
      const withoutChannels = [textOf(await page('/')), textOf(await page('/hi'))];
      expect(withoutChannels[0]).not.toContain('Questions later?');
      expect(withoutChannels[1]).not.toContain('बाद में कोई सवाल हो?');

      await addChannel('phone', '+91 98765 43210');
      expect(textOf(await page('/'))).toContain('Questions later? Call +91 98765 43210.');
      expect(textOf(await page('/hi'))).toContain('बाद में कोई सवाल हो? +91 98765 43210 पर कॉल करें।');
    });
  },
);
