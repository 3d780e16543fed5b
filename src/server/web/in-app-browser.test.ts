import { describe, expect, it } from 'vitest';
import { WEB_BUILT as built, textOf, WEB_DIST_DIR } from '../test-support/rendered-pages.ts';
import { TEST_DIALECTS, testAppForEachTest } from '../test-support/test-app.ts';
import { inAppBrowserOf } from './in-app-browser.ts';

/** User-Agents as the apps and browsers send them. */
const AGENTS = {
  instagramAndroid:
    'Mozilla/5.0 (Linux; Android 13; SM-A146B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.144 Mobile Safari/537.36 Instagram 312.1.0.34.111 Android (33/13; 420dpi; 1080x2161; samsung; SM-A146B; a14; mt6768; en_IN; 548323742)',
  instagramIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 312.0.2.19.101 (iPhone14,5; iOS 17_2; en_IN; en; scale=3.00; 1170x2532; 546215658)',
  facebookAndroid:
    'Mozilla/5.0 (Linux; Android 14; RMX3501 Build/UKQ1.230924.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/129.0.6668.100 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/483.0.0.60.109;IABMV/1;]',
  linkedInIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [LinkedInApp]/9.29.2343',
  androidWebView:
    'Mozilla/5.0 (Linux; Android 11; Redmi Note 8 Build/RKQ1.201004.002; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.0.0 Mobile Safari/537.36',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1',
  chromeIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1',
  desktop:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
} as const;

describe('inAppBrowserOf', () => {
  it("tells the apps' browsers, and on which phone, by their User-Agent", () => {
    expect(inAppBrowserOf(AGENTS.instagramAndroid)).toEqual({ platform: 'android' });
    expect(inAppBrowserOf(AGENTS.facebookAndroid)).toEqual({ platform: 'android' });
    expect(inAppBrowserOf(AGENTS.androidWebView)).toEqual({ platform: 'android' });
    expect(inAppBrowserOf(AGENTS.instagramIphone)).toEqual({ platform: 'apple' });
    expect(inAppBrowserOf(AGENTS.linkedInIphone)).toEqual({ platform: 'apple' });
  });

  it("takes the phones' own browsers, a desktop and no agent for what they are", () => {
    for (const agent of [AGENTS.chromeAndroid, AGENTS.safariIphone, AGENTS.chromeIphone, AGENTS.desktop]) {
      expect(inAppBrowserOf(agent)).toBeNull();
    }
    expect(inAppBrowserOf(undefined)).toBeNull();
    expect(inAppBrowserOf('')).toBeNull();
  });
});

const HEADING = 'Open this page in your browser';

describe.skipIf(!built).each(TEST_DIALECTS)(
  'the contact page in an app’s browser (%s, needs npm run build:web)',
  (dialect) => {
    const t = testAppForEachTest(dialect, { WEB_DIST_DIR });
    const page = (url: string, agent: string) => t.app.inject({ url, headers: { 'user-agent': agent } });

    it('offers Android the phone’s browser through an intent, and the link to copy', async () => {
      const answer = await page('/contact', AGENTS.instagramAndroid);
      expect(answer.statusCode).toBe(200);
      expect(textOf(answer.body)).toContain(HEADING);
      expect(answer.body).toContain('href="intent://localhost/contact#Intent;scheme=http;end"');
      expect(answer.body).toContain('data-copy-link="http://localhost/contact"');
      expect(textOf(answer.body)).toContain("This page's link: http://localhost/contact");
    });

    it('knows the contact page with a final slash or a query, and a long run of slashes is no other page', async () => {
      for (const url of ['/contact/', '/contact?tab=services', '/hi/contact/']) {
        const answer = await page(url, AGENTS.instagramAndroid);
        expect(answer.statusCode, url).toBe(200);
        expect(String(answer.headers.vary), url).toMatch(/user-agent/i);
      }
      const slashes = await page(`/${'/'.repeat(8_000)}x`, AGENTS.instagramAndroid);
      expect(slashes.statusCode).toBe(404);
      expect(String(slashes.headers.vary ?? '')).not.toMatch(/user-agent/i);
    });

    it('offers an iPhone Safari, in Hindi on the Hindi page', async () => {
      const answer = await page('/hi/contact', AGENTS.instagramIphone);
      const shown = textOf(answer.body);
      expect(shown).toContain('यह पेज अपने ब्राउज़र में खोलें');
      expect(shown).toContain('ब्राउज़र में खोलें');
      expect(answer.body).toContain('href="x-safari-http://localhost/hi/contact"');
      expect(shown).not.toContain(HEADING);
    });

    it('keeps the page of the phones’ own browsers without the bar, each page kept apart', async () => {
      // In turns, so that each is served once rendered and once from the page cache.
      for (const round of [1, 2]) {
        const own = await page('/contact', AGENTS.chromeAndroid);
        expect(textOf(own.body), `round ${round}`).not.toContain(HEADING);
        const inApp = await page('/contact', AGENTS.facebookAndroid);
        expect(textOf(inApp.body), `round ${round}`).toContain(HEADING);
        const desktop = await page('/contact', AGENTS.desktop);
        expect(desktop.body).not.toContain('intent://');
        expect(desktop.body).not.toContain('data-copy-link');
      }
    });

    it('says the contact page varies by User-Agent, and shows the bar on no other page', async () => {
      const contact = await page('/contact', AGENTS.instagramAndroid);
      expect(String(contact.headers.vary)).toMatch(/user-agent/i);
      const compressed = await t.app.inject({
        url: '/contact',
        headers: { 'user-agent': AGENTS.chromeAndroid, 'accept-encoding': 'br' },
      });
      expect(String(compressed.headers.vary).toLowerCase()).toBe('user-agent, accept-encoding');
      for (const url of ['/', '/blog', '/terms', '/contact/message']) {
        const answer = await page(url, AGENTS.instagramAndroid);
        expect(answer.statusCode, url).toBe(200);
        expect(textOf(answer.body), url).not.toContain(HEADING);
        expect(String(answer.headers.vary ?? ''), url).not.toMatch(/user-agent/i);
      }
    });
  },
);
