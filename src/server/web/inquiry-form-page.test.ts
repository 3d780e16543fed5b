import type { InjectOptions } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { INQUIRY_SUCCESS_MESSAGE } from '../../shared/rules/contact-inquiries.ts';
import type { createContactInquiryRepository } from '../features/contact-inquiries/repository.ts';
import { inquiryRepository } from '../test-support/inquiry-repository.ts';
import { WEB_BUILT as built, shownMarkup, WEB_DIST_DIR } from '../test-support/rendered-pages.ts';
import { TEST_DIALECTS, TEST_INQUIRY, TEST_ORIGIN, testAppForEachTest } from '../test-support/test-app.ts';

const INQUIRY_LIMIT_PER_HOUR = 4;

/** The contact form as a browser without script posts it: urlencoded, from the site's own page. */
function nativePost(
  fields: Record<string, string>,
  headers: Record<string, string> = { origin: TEST_ORIGIN },
  url = '/contact/message',
) {
  return {
    method: 'POST',
    url,
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
    remoteAddress: '203.0.113.9',
  } satisfies InjectOptions;
}

function jsonPost(fields: Record<string, string>) {
  return {
    method: 'POST',
    url: '/api/contact-inquiries',
    headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
    payload: JSON.stringify(fields),
    remoteAddress: '203.0.113.9',
  } satisfies InjectOptions;
}

describe.skipIf(!built).each(TEST_DIALECTS)(
  'the contact form posted without script (%s; needs npm run build:web)',
  (dialect) => {
    const t = testAppForEachTest(dialect, {
      WEB_DIST_DIR,
      INQUIRY_LIMIT_PER_HOUR: String(INQUIRY_LIMIT_PER_HOUR),
    });
    let inquiries: ReturnType<typeof createContactInquiryRepository>;
    beforeEach(() => {
      inquiries = inquiryRepository(t.database);
    });

    it('stores the inquiry and answers with the thanks of the dialog', async () => {
      const answer = await t.app.inject(nativePost({ ...TEST_INQUIRY, website: '' }));
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toMatch(/^text\/html/);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.body).toContain('Message Sent Successfully!');
      expect(answer.body).toContain(INQUIRY_SUCCESS_MESSAGE.replace("'", '&#x27;'));
      expect(await inquiries.count()).toBe(1);
    });

    it('answers bad fields with the form as sent and each field’s message, storing nothing', async () => {
      const answer = await t.app.inject(nativePost({ ...TEST_INQUIRY, email: 'not-an-email', city: '' }));
      expect(answer.statusCode).toBe(400);
      expect(answer.body).toContain('Please correct the highlighted fields.');
      expect(answer.body).toMatch(
        /id="inquiry-email"[^>]*value="not-an-email"|value="not-an-email"[^>]*id="inquiry-email"/,
      );
      expect(answer.body).toContain('City is required');
      expect(answer.body).toContain(`value="${TEST_INQUIRY.name}"`);
      expect(await inquiries.count()).toBe(0);
    });

    it('escapes what was typed when it shows the form again', async () => {
      const answer = await t.app.inject(
        nativePost({ ...TEST_INQUIRY, name: '"><script>alert(1)</script>', email: 'x' }),
      );
      expect(answer.statusCode).toBe(400);
      expect(answer.body).not.toContain('<script>alert(1)</script>');
    });

    it('discards a post with the honeypot filled in, answering as to a person', async () => {
      const answer = await t.app.inject(nativePost({ ...TEST_INQUIRY, website: 'https://spam.example' }));
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toContain('Message Sent Successfully!');
      expect(await inquiries.count()).toBe(0);
    });

    it('shares the per-address limit with the API and says how long to wait', async () => {
      for (let i = 0; i < INQUIRY_LIMIT_PER_HOUR / 2; i++) {
        expect((await t.app.inject(jsonPost({ ...TEST_INQUIRY }))).statusCode).toBe(201);
        expect((await t.app.inject(nativePost({ ...TEST_INQUIRY }))).statusCode).toBe(200);
      }
      const refused = await t.app.inject(nativePost({ ...TEST_INQUIRY }));
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.body).toContain(
        'Too many messages from your connection. Please try again in 60 minutes.',
      );
      expect(refused.body).toContain(`value="${TEST_INQUIRY.city}"`);
      expect((await t.app.inject(jsonPost({ ...TEST_INQUIRY }))).statusCode).toBe(429);
      expect(await inquiries.count()).toBe(INQUIRY_LIMIT_PER_HOUR);
    });

    it('answers the Hindi page’s post with the Hindi page: each field’s message in Hindi, posting to itself', async () => {
      const empty = { name: '', phone: '', email: '', city: '', service: '', query: '' };
      const answer = await t.app.inject(nativePost(empty, undefined, '/hi/contact/message'));
      expect(answer.statusCode).toBe(400);
      expect(answer.body).toMatch(/<html[^>]* lang="hi"/);
      expect(answer.body).toContain('action="/hi/contact/message"');
      expect(answer.body).toContain('कृपया लाल निशान वाली जानकारी ठीक करें।');
      for (const message of [
        'कृपया अपना नाम लिखें',
        'कृपया अपना फ़ोन नंबर लिखें',
        'कृपया अपना ईमेल लिखें',
        'कृपया अपना शहर लिखें',
        'कृपया कोई सेवा चुनें',
        'कृपया अपना सवाल लिखें',
      ]) {
        expect(answer.body).toContain(message);
      }
      // The form island's props carry the server's English words; the page shows none of them.
      expect(shownMarkup(answer.body)).not.toContain('is required');
      expect(shownMarkup(answer.body)).not.toContain('Please correct the highlighted fields.');
      expect(await inquiries.count()).toBe(0);
    });

    it('thanks in Hindi on the Hindi page, linking back to the Hindi contact page', async () => {
      const answer = await t.app.inject(nativePost({ ...TEST_INQUIRY }, undefined, '/hi/contact/message'));
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toContain('संदेश भेज दिया गया!');
      expect(answer.body).toContain('href="/hi/contact"');
      expect(await inquiries.count()).toBe(1);
      // Sent from the Hindi page: the team's WhatsApp greeting will be in Hindi.
      const stored = await t.database.db.selectFrom('contactInquiries').select('language').execute();
      expect(stored).toEqual([{ language: 'hi' }]);
    });

    it('says in Hindi how long to wait after the limit, on the Hindi page', async () => {
      for (let i = 0; i < INQUIRY_LIMIT_PER_HOUR; i++) {
        expect((await t.app.inject(jsonPost({ ...TEST_INQUIRY }))).statusCode).toBe(201);
      }
      const refused = await t.app.inject(nativePost({ ...TEST_INQUIRY }, undefined, '/hi/contact/message'));
      expect(refused.statusCode).toBe(429);
      const minutes = Math.ceil(Number(refused.headers['retry-after']) / 60);
      expect(refused.body).toContain(`बहुत ज़्यादा संदेश भेजे जा चुके हैं। कृपया ${minutes} मिनट बाद फिर से कोशिश करें।`);
      expect(shownMarkup(refused.body)).not.toContain('Too many messages');
      expect(refused.body).toContain(`value="${TEST_INQUIRY.city}"`);
    });

    it('refuses a post from another site', async () => {
      const answer = await t.app.inject(
        nativePost({ ...TEST_INQUIRY }, { origin: 'https://elsewhere.example' }),
      );
      expect(answer.statusCode).toBe(403);
      expect(await inquiries.count()).toBe(0);
    });
  },
);

describe.skipIf(!built).each(TEST_DIALECTS)(
  'the Hindi form page of a busy connection (%s; needs npm run build:web)',
  (dialect) => {
    const t = testAppForEachTest(dialect, { WEB_DIST_DIR, INQUIRY_CHALLENGE_AFTER_PER_HOUR: '1' });

    it('says in Hindi that the browser must confirm a person is sending', async () => {
      expect((await t.app.inject(jsonPost({ ...TEST_INQUIRY }))).statusCode).toBe(201);
      const answer = await t.app.inject(nativePost({ ...TEST_INQUIRY }, undefined, '/hi/contact/message'));
      expect(answer.statusCode).toBe(428);
      expect(answer.body).toMatch(/<html[^>]* lang="hi"/);
      expect(answer.body).toContain('आपके कनेक्शन से अभी बहुत सारे अनुरोध आ रहे हैं।');
      expect(shownMarkup(answer.body)).not.toContain('Many requests come from your connection');
    });
  },
);
