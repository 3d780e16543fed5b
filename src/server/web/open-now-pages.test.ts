import { describe, expect, it } from 'vitest';
import { inKolkata } from '../test-support/kolkata-clock.ts';
import { WEB_BUILT as built, textOf, WEB_DIST_DIR } from '../test-support/rendered-pages.ts';
import {
  asAdmin,
  createTestClock,
  publishChannels,
  signedInAppForEachTest,
  TEST_DIALECTS,
} from '../test-support/test-app.ts';

/** The lines that say whether the business is open, in page order. */
const openLines = (html: string) =>
  [...html.matchAll(/data-open-line="">([^<]*)</g)].map((match) => match[1]);
/** What the WhatsApp card says of when replies resume (shown only while closed). */
const resumeLines = (html: string) =>
  [...html.matchAll(/data-open-resume=""[^>]*>([^<]*)</g)].map((match) => match[1]);
/** The states the page's elements show (`data-open`), each once. */
const openStates = (html: string) => [
  ...new Set([...html.matchAll(/data-open="(\w+)"/g)].map((match) => match[1])),
];
/** The chat section's cards' titles, in page order. */
const chatCards = (html: string) => {
  const section = html.slice(html.indexOf('id="chat-heading"'), html.indexOf('id="call-heading"'));
  return [...section.matchAll(/<h3[^>]*>([^<]*)<\/h3>/g)].map((match) => match[1]);
};

describe.skipIf(!built).each(TEST_DIALECTS)(
  'what the public pages say about opening hours (%s, needs npm run build:web)',
  (dialect) => {
    // The demo's week (Monday to Friday 9–8, Saturday 10–6, Sunday closed) in Asia/Kolkata, by the app's clock.
    const clock = createTestClock(inKolkata('2026-12-07T10:00'));
    const t = signedInAppForEachTest(dialect, { WEB_DIST_DIR }, { clock });
    const setClock = (local: string) => clock.advance(inKolkata(local) - clock());

    const page = async (url: string) => {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      return response.body;
    };
    const addChannels = () =>
      publishChannels(t, [
        ['whatsapp', '+91 98765 00002'],
        ['phone', '+91 98765 00004'],
      ]);

    /** Saves the opening hours `hours` makes of the demo's week, as an admin would in the settings. */
    const saveHours = async (hours: (week: object) => { week: object; closures: object[] }) => {
      const { settings } = (await t.app.inject({ url: '/api/settings' })).json<{
        settings: { openingHours: { week: object } };
      }>();
      const saved = await t.app.inject(
        asAdmin(t.cookie, {
          method: 'PUT',
          url: '/api/admin/settings',
          payload: { ...settings, openingHours: hours(settings.openingHours.week) },
        }),
      );
      expect(saved.statusCode).toBe(200);
    };

    /** The contact page with the WhatsApp and call channels, at `local` by the business's clock. */
    const contactAt = async (local: string) => {
      await addChannels();
      setClock(local);
      return page('/contact');
    };

    it('says it is open, and when it closes, on the contact page, its cards and the landing page', async () => {
      const contact = await contactAt('2026-12-07T10:00');
      // The WhatsApp card, the call card and the Business Hours block.
      expect(openLines(contact)).toEqual(Array(3).fill('Open now · closes 8:00 PM'));
      expect(openStates(contact)).toEqual(['open']);
      expect(textOf(contact)).toContain('Available Now');
      expect(resumeLines(contact)).toEqual(['']);
      expect(chatCards(contact)).toEqual(['WhatsApp', 'Send Message']);
      expect(openLines(await page('/'))).toEqual(['Open now · closes 8:00 PM']);

      setClock('2026-12-07T19:45');
      const closingSoon = await page('/contact');
      expect(openLines(closingSoon)).toEqual(Array(3).fill('Closing soon · closes 8:00 PM'));
      expect(openStates(closingSoon)).toEqual(['soon']);
    });

    it('says when it opens while closed for the night, puts the form first and says when replies resume', async () => {
      const contact = await contactAt('2026-12-07T21:00');
      expect(openLines(contact)).toEqual(Array(3).fill('Closed · opens tomorrow 9:00 AM'));
      // The badge, the card's description and the resume line follow the state: only the closed ones show.
      expect(openStates(contact)).toEqual(['closed']);
      expect(resumeLines(contact)).toEqual(['We reply from tomorrow 9:00 AM. Leave us a message now.']);
      expect(chatCards(contact)).toEqual(['Send Message', 'WhatsApp']);

      const hindi = await page('/hi/contact');
      expect(openLines(hindi)).toEqual(Array(3).fill('अभी बंद है · कल सुबह 9:00 बजे खुलेगा'));
      expect(resumeLines(hindi)).toEqual(['हम कल सुबह 9:00 बजे से जवाब देंगे। अभी संदेश छोड़ दें।']);
    });

    it('turns at midnight in Asia/Kolkata, also on a page the cache kept', async () => {
      setClock('2026-12-12T23:59');
      expect(openLines(await page('/contact'))).toEqual(['Closed · opens Monday 9:00 AM']);
      expect(openLines(await page('/hi'))).toEqual(['अभी बंद है · सोमवार सुबह 9:00 बजे खुलेगा']);
      // A minute on it is Sunday: the kept page is rendered again.
      clock.advance(60_000);
      expect(openLines(await page('/contact'))).toEqual(['Closed · opens tomorrow 9:00 AM']);
      expect(openLines(await page('/hi'))).toEqual(['अभी बंद है · कल सुबह 9:00 बजे खुलेगा']);
    });

    it('says why it is closed on a holiday, and lists the coming closures', async () => {
      await saveHours((week) => ({
        week,
        closures: [
          { date: '2026-12-08', note: 'Diwali', noteHi: 'दिवाली' },
          { date: '2026-12-25', note: 'Christmas', noteHi: '' },
          // Past: not listed.
          { date: '2026-12-01', note: 'Stocktaking', noteHi: '' },
        ],
      }));
      setClock('2026-12-08T11:00');
      const contact = await page('/contact');
      expect(openLines(contact)).toEqual(['Closed today: Diwali · opens tomorrow 9:00 AM']);
      expect(textOf(contact)).toContain('Closed on Tue, 8 Dec : Diwali Fri, 25 Dec : Christmas');
      expect(textOf(contact)).not.toContain('Stocktaking');
      expect(openLines(await page('/hi/contact'))).toEqual(['आज बंद है: दिवाली · कल सुबह 9:00 बजे खुलेगा']);
    });

    it('says it is closed, and promises no time, when no opening is within a fortnight', async () => {
      // Open on Mondays alone, and the next three Mondays are holidays.
      const mondays = ['2026-12-07', '2026-12-14', '2026-12-21'];
      await saveHours(() => ({
        week: [[{ opens: '09:00', closes: '17:00' }], [], [], [], [], [], []],
        closures: mondays.map((date) => ({ date, note: 'Renovation', noteHi: 'मरम्मत' })),
      }));
      setClock('2026-12-07T10:00');
      expect(openLines(await page('/contact'))).toEqual(['Closed today: Renovation']);
      expect(openLines(await page('/hi'))).toEqual(['आज बंद है: मरम्मत']);
      setClock('2026-12-08T10:00');
      expect(openLines(await page('/contact'))).toEqual(['Closed for now']);
    });

    it('keeps a page the same, byte for byte, until what it says changes', async () => {
      setClock('2026-12-07T10:00');
      const first = await page('/contact');
      clock.advance(5 * 60_000);
      expect(await page('/contact')).toBe(first);
    });
  },
);
