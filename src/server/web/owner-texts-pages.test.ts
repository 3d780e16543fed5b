import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_SETTINGS } from '../../shared/rules/default-site-settings.ts';
import { WEB_BUILT as built, textOf, WEB_DIST_DIR } from '../test-support/rendered-pages.ts';
import { asAdmin, signedInAppForEachTest, TEST_DIALECTS } from '../test-support/test-app.ts';

describe.skipIf(!built).each(TEST_DIALECTS)(
  "the owner's texts in Hindi on /hi pages (%s, needs npm run build:web)",
  (dialect) => {
    const t = signedInAppForEachTest(dialect, { WEB_DIST_DIR });

    const admin = async (method: 'POST' | 'PUT', url: string, payload: object) => {
      const response = await t.app.inject(asAdmin(t.cookie, { method, url, payload }));
      expect(response.statusCode, url).toBeLessThan(300);
    };
    const page = async (url: string) => {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      return response.body;
    };

    it('shows the Hindi hours and descriptions on /hi/contact, the English ones on /contact, English where Hindi is empty', async () => {
      await admin('PUT', '/api/admin/settings', {
        ...DEFAULT_SITE_SETTINGS,
        businessHours: [
          { days: 'Every day', hours: '8:00 AM - 10:00 PM', daysHi: 'हर दिन', hoursHi: 'सुबह 8 से रात 10 बजे' },
          { days: 'Festival days', hours: 'Closed' },
        ],
      });
      await admin('POST', '/api/contacts', {
        type: 'whatsapp',
        value: '+91 98765 43210',
        proof: 'Replies within an hour',
        proofHi: 'एक घंटे के अंदर जवाब',
        showProof: true,
      });
      await admin('POST', '/api/contacts', {
        type: 'phone',
        value: '+91 98765 43211',
        proof: 'Calls from 9 to 5',
        showProof: true,
      });
      await admin('POST', '/api/contacts', {
        type: 'telegram',
        value: '@apna_help',
        proof: 'Private note for the team',
        proofHi: 'टीम के लिए नोट',
      });

      const english = await page('/contact');
      const englishText = textOf(english);
      for (const text of ['Every day', '8:00 AM - 10:00 PM', 'Festival days', 'Closed']) {
        expect(englishText).toContain(text);
      }
      expect(englishText).toContain('Replies within an hour');
      expect(englishText).toContain('Calls from 9 to 5');
      expect(englishText).not.toContain('हर दिन');
      expect(englishText).not.toContain('एक घंटे के अंदर जवाब');

      const hindi = await page('/hi/contact');
      expect(hindi).toMatch(/<html[^>]* lang="hi"/);
      const hindiText = textOf(hindi);
      expect(hindiText).toContain('हर दिन');
      expect(hindiText).toContain('सुबह 8 से रात 10 बजे');
      expect(hindiText).toContain('एक घंटे के अंदर जवाब');
      expect(hindiText).not.toContain('Every day');
      expect(hindiText).not.toContain('Replies within an hour');
      // No Hindi text typed: the English one.
      expect(hindiText).toContain('Festival days');
      expect(hindiText).toContain('Closed');
      expect(hindiText).toContain('Calls from 9 to 5');

      // A description the owner does not show is not on either page, not even in the hydration data.
      for (const html of [english, hindi]) {
        expect(html).not.toContain('Private note for the team');
        expect(html).not.toContain('टीम के लिए नोट');
      }
    });

    it('shows the hours in Hindi on /hi and in English on /, the defaults included', async () => {
      const englishHome = textOf(await page('/'));
      const hindiHome = textOf(await page('/hi'));
      for (const [index, row] of DEFAULT_SITE_SETTINGS.businessHours.entries()) {
        expect(englishHome, `row ${index}`).toContain(row.days);
        expect(englishHome, `row ${index}`).toContain(row.hours);
        expect(hindiHome, `row ${index}`).toContain(row.daysHi);
        expect(hindiHome, `row ${index}`).toContain(row.hoursHi);
        expect(englishHome, `row ${index}`).not.toContain(row.hoursHi);
      }
      expect(hindiHome).not.toContain('Emergency Only');
    });
  },
);
