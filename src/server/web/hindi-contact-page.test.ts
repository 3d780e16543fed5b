import { describe, expect, it } from 'vitest';
import {
  WEB_BUILT as built,
  catalogueEntries,
  textOf,
  WEB_DIST_DIR,
} from '../test-support/rendered-pages.ts';
import { publishChannels, signedInAppForEachTest, TEST_DIALECTS } from '../test-support/test-app.ts';

describe.skipIf(!built).each(TEST_DIALECTS)(
  'the Hindi contact page (%s, needs npm run build:web)',
  (dialect) => {
    const t = signedInAppForEachTest(dialect, { WEB_DIST_DIR });

    it('is in Hindi, with every channel card, and leads to the Hindi form', async () => {
      await publishChannels(t, [
        ['whatsapp', '+91 98765 00002'],
        ['phone', '+91 98765 00004'],
        ['telegram', 'https://t.me/apna_help'],
        ['instagram', 'apna.help'],
        ['facebook', 'https://facebook.com/apna.help'],
        ['email', 'help@example.com'],
        ['website', 'https://apna.example'],
      ]);
      const answer = await t.app.inject({ url: '/hi/contact' });
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toMatch(/<html[^>]* lang="hi"/);
      const shown = textOf(answer.body);
      for (const hindi of ['हमसे जुड़ें', 'तुरंत सहायता', 'हमारी सेवाएँ', 'अक्सर पूछे जाने वाले सवाल', 'काम के घंटे']) {
        expect(shown).toContain(hindi);
      }
      // Each card in Hindi, a kind without a card of its own named in Hindi too.
      for (const card of ['WhatsApp पर चैट करें', 'अभी कॉल करें', 'Telegram पर जुड़ें', 'वेबसाइट खोलें', 'ईमेल खोलें']) {
        expect(shown).toContain(card);
      }
      // Without script, "Write to us" and the service tiles post to the form's Hindi page.
      expect(answer.body).toContain('action="/hi/contact/message"');

      // No English text of the page's catalogue is left (brand names, the same in both, excepted).
      const hindi = new Map(catalogueEntries('hi', 'contact'));
      for (const [key, english] of catalogueEntries('en', 'contact')) {
        if (hindi.get(key) === english) continue;
        for (const part of english.split(/\{[^{}]*\}/)) {
          if (/[A-Za-z]{3,}/.test(part) && part.trim().length > 3) {
            expect(shown, `contact.${key}`).not.toContain(part.trim());
          }
        }
      }
    });
  },
);
