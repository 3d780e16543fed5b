import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_SETTINGS } from '../../shared/rules/default-site-settings.ts';
import { WEB_BUILT as built, textOf, WEB_DIST_DIR } from '../test-support/rendered-pages.ts';
import { asAdmin, signedInAppForEachTest, TEST_DIALECTS } from '../test-support/test-app.ts';

/** Every href on the page that starts with `prefix`, in page order. */
function hrefs(html: string, prefix: string): string[] {
  return [...html.matchAll(/href="([^"]*)"/g)]
    .map((match) => match[1]!.replaceAll('&amp;', '&'))
    .filter((href) => href.startsWith(prefix));
}

describe.skipIf(!built).each(TEST_DIALECTS)(
  'pages that show the contact facts (%s, needs npm run build:web)',
  (dialect) => {
    const t = signedInAppForEachTest(dialect, { WEB_DIST_DIR });

    const admin = (method: 'POST' | 'PATCH' | 'PUT', url: string, payload: object) =>
      t.app.inject(asAdmin(t.cookie, { method, url, payload }));
    const addChannel = async (type: string, value: string, isActive = true): Promise<string> => {
      const response = await admin('POST', '/api/contacts', { type, value, isActive });
      expect(response.statusCode).toBe(201);
      return response.json().contact?._id ?? response.json().data?._id;
    };
    /**
     * Every link on the page that leads to `prefix`, in page order: a channel's counted link (`/go/{id}`,
     * decision 035) stands for the link it redirects to.
     */
    const links = async (html: string, prefix: string): Promise<string[]> => {
      const followed = await Promise.all(
        hrefs(html, '').map(async (href) => {
          if (!href.startsWith('/go/')) return href;
          const response = await t.app.inject({ url: href });
          expect(response.statusCode, href).toBe(302);
          return String(response.headers.location);
        }),
      );
      return followed.filter((href) => href.startsWith(prefix));
    };
    const page = async (url: string) => {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      return response.body;
    };

    it('the landing page dials and messages the first active channel of each type, and links nothing it lacks', async () => {
      const empty = await page('/');
      expect(await links(empty, 'https://wa.me/')).toEqual([]);
      expect(await links(empty, 'tel:')).toEqual([]);
      expect(await links(empty, 'https://t.me/')).toEqual([]);
      expect(textOf(empty)).not.toMatch(/\{(phone|whatsapp|name)\}|Call\s*$|Call \./);

      await addChannel('whatsapp', '+91 98765 00001', false);
      const first = await addChannel('whatsapp', '+91 98765 00002');
      const second = await addChannel('whatsapp', '+91 98765 00003');
      await addChannel('telegram', 'https://t.me/apna_help');

      // Shown at once: a channel change makes the cached page stale (decision 006).
      const html = await page('/');
      const whatsapp = await links(html, 'https://wa.me/');
      // The hero's button, the WhatsApp card and the floating button.
      expect(whatsapp).toHaveLength(3);
      for (const href of whatsapp) expect(href).toMatch(/^https:\/\/wa\.me\/919876500002\?text=/);
      expect(first).toBeTruthy();
      expect(await links(html, 'tel:')).toEqual([]);
      expect(textOf(html)).not.toContain('Call ');
      expect(await links(html, 'https://t.me/')).toEqual(['https://t.me/apna_help']);
      expect(textOf(html)).toContain('@apna_help');
      expect(textOf(html)).toContain('Questions later? Write to @apna_help on Telegram.');

      // The admin's order decides which one is first.
      expect((await admin('PATCH', `/api/contacts/${second}`, { position: 0 })).statusCode).toBe(200);
      await addChannel('phone', '+91 91234 56789');
      const reordered = await page('/');
      for (const href of await links(reordered, 'https://wa.me/'))
        expect(href).toMatch(/^https:\/\/wa\.me\/919876500003\?/);
      // The hero's Call button, the phone card and the footer.
      expect(await links(reordered, 'tel:')).toEqual([
        'tel:+919123456789',
        'tel:+919123456789',
        'tel:+919123456789',
      ]);
      const organization = [
        ...reordered.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/g),
      ]
        .map((match) => JSON.parse(match[1]!) as Record<string, unknown>)
        .find((data) => data['@type'] === 'Organization');
      expect(organization?.contactPoint).toContainEqual(
        expect.objectContaining({ telephone: '+919123456789' }),
      );
    });

    it('the terms page counts the channels that reach the team', async () => {
      // The label comes first in the page (a screen reader says "Ways to reach us: 2"), the figure on screen.
      const stat = (html: string) => /(Ways? to reach us) (\d+)/.exec(textOf(html))?.slice(1).reverse();
      expect(textOf(await page('/terms'))).not.toMatch(/Ways? to reach us/);
      await addChannel('whatsapp', '+91 98765 00001');
      await addChannel('withdrawal_proof', 'https://t.me/proofs');
      expect(stat(await page('/terms'))).toEqual(['1', 'Way to reach us']);
      await addChannel('email', 'help@apna.example');
      await addChannel('telegram', '@apna_help', false);
      expect(stat(await page('/terms'))).toEqual(['2', 'Ways to reach us']);
    });

    it("sends a former brand's game route to the current one, in any case", async () => {
      const rename = async (brandName: string) =>
        expect(
          (await admin('PUT', '/api/admin/settings', { ...DEFAULT_SITE_SETTINGS, brandName })).statusCode,
        ).toBe(200);
      const redirectOf = async (url: string) => {
        const response = await t.app.inject({ url });
        return response.statusCode === 301 || response.statusCode === 308
          ? response.headers.location
          : response.statusCode;
      };
      expect(await redirectOf('/SamparkGame')).toBe(200);
      await rename('Apna Help');
      expect(await redirectOf('/SamparkGame')).toBe('/ApnaHelpGame');
      expect(await redirectOf('/samparkgame')).toBe('/ApnaHelpGame');
      expect(await redirectOf('/ApnaHelpGame')).toBe(200);
      expect(await redirectOf('/NeverOurGame')).toBe(404);

      await rename('Third Name');
      expect(await redirectOf('/SamparkGame')).toBe('/ThirdNameGame');
      expect(await redirectOf('/ApnaHelpGame')).toBe('/ThirdNameGame');

      // Back to a former brand: its route is the game again, and the one it replaced redirects.
      await rename('Sampark');
      expect(await redirectOf('/SamparkGame')).toBe(200);
      expect(await redirectOf('/ThirdNameGame')).toBe('/SamparkGame');
    });

    it("the game's canonical link is the address the sitemap lists", async () => {
      for (const url of ['/tictactoe', '/SamparkGame']) {
        expect(await page(url)).toMatch(/<link rel="canonical" href="http:\/\/localhost(:80)?\/SamparkGame"/);
      }
      const sitemap = (await t.app.inject({ url: '/sitemap.xml' })).body;
      expect(
        [...sitemap.matchAll(/<loc>([^<]*(?:Game|tictactoe))<\/loc>/g)].map((match) => match[1]),
      ).toEqual(['http://localhost:80/SamparkGame', 'http://localhost:80/hi/SamparkGame']);
    });
  },
);
