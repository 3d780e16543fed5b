import ICAL from 'ical.js';
import { parse } from 'vcard4';
import { describe, expect, it } from 'vitest';
import { asAdmin, signedInAppForEachTest, TEST_DIALECTS, TEST_ORIGIN } from '../../test-support/test-app.ts';

// The site's origin, as the request names it (PUBLIC_ORIGIN, when set, names it instead: lib/site-origin.ts).
const ORIGIN = TEST_ORIGIN;
/** Hours as text, as a site saved them before decision 073. */
const HOURS = [
  { days: 'Mon–Fri', hours: '9:00 AM – 8:00 PM', daysHi: 'सोम–शुक्र', hoursHi: 'सुबह 9 – रात 8' },
  { days: 'Sat, Sun', hours: 'Closed', daysHi: '', hoursHi: 'बंद' },
];
/** The same hours as data, Saturday's afternoon apart. */
const WEEK = {
  week: [
    ...Array.from({ length: 5 }, () => [{ opens: '09:00', closes: '20:00' }]),
    [{ opens: '10:00', closes: '13:30' }],
    [],
  ],
  closures: [],
};

/** A property of the card as a vCard parser other than the one that wrote it reads it. */
type Line = { property: string; parameters: Record<string, string | string[]>; value: string | string[] };

describe.each(TEST_DIALECTS)('the contact card, /contact.vcf (%s)', (dialect) => {
  const t = signedInAppForEachTest(dialect);

  const addChannel = async (payload: Record<string, unknown>) => {
    const response = await t.app.inject(asAdmin(t.cookie, { method: 'POST', url: '/api/contacts', payload }));
    expect(response.statusCode).toBe(201);
  };
  const saveSettings = async (changes: Record<string, unknown>) => {
    const { settings } = (await t.app.inject({ url: '/api/settings' })).json<{ settings: object }>();
    const saved = await t.app.inject(
      asAdmin(t.cookie, { method: 'PUT', url: '/api/admin/settings', payload: { ...settings, ...changes } }),
    );
    expect(saved.statusCode).toBe(200);
  };
  const card = async (url: string) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/vcard; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="contact.vcf"');
    const parsed = parse(response.body);
    if (Array.isArray(parsed)) throw new Error('one card expected');
    const lines = parsed.parsedVcard as Line[];
    const values = (property: string) => lines.filter((line) => line.property === property);
    return {
      body: response.body,
      values,
      one: (property: string) => values(property).map((line) => line.value),
    };
  };

  it('holds the business’s name, its numbers (WhatsApp’s as a mobile), addresses, contact page, icon and hours', async () => {
    await saveSettings({ brandName: 'Sampark Seva', supportEmail: 'help@example.in', openingHours: WEEK });
    await addChannel({ type: 'whatsapp', value: '+91 98765 43210' });
    await addChannel({ type: 'phone', value: '+91 80 4567 8901' });
    await addChannel({ type: 'phone', value: '+91 99999 00000', isActive: false });
    // The WhatsApp number is a phone line too: one entry for it.
    await addChannel({ type: 'phone', value: '+91 98765 43210' });
    await addChannel({ type: 'email', value: 'orders@example.in' });
    await addChannel({ type: 'website', value: 'https://shop.example.in/' });
    await addChannel({ type: 'instagram', value: '@samparkseva' });

    const { body, values, one } = await card('/contact.vcf');
    expect(body.startsWith('BEGIN:VCARD\r\nVERSION:4.0\r\n')).toBe(true);
    expect(body.endsWith('END:VCARD\r\n')).toBe(true);
    expect(one('KIND')).toEqual(['org']);
    expect(one('FN')).toEqual(['Sampark Seva']);
    expect(one('ORG')).toEqual(['Sampark Seva']);
    expect(values('TEL').map(({ parameters, value }) => [parameters.TYPE, value])).toEqual([
      ['cell,text,voice', 'tel:+919876543210'],
      ['voice', 'tel:+918045678901'],
    ]);
    // The support address, then the channels' own; an inactive channel is not in it.
    expect(one('EMAIL')).toEqual(['help@example.in', 'orders@example.in']);
    expect(one('URL')).toEqual([`${ORIGIN}/contact`, 'https://shop.example.in/']);
    expect(one('LOGO')).toEqual([`${ORIGIN}/icons/icon-512.png`]);
    expect(body).not.toContain('99999');
    // The hours, one row a line, in English, as the Business Hours block shows them.
    const note = new ICAL.Component(ICAL.parse(body) as unknown[]).getFirstPropertyValue('note');
    expect(note).toBe('Mon–Fri: 9:00 AM – 8:00 PM\nSat: 10:00 AM – 1:30 PM\nSun: Closed');
  });

  it('holds the hours as text of a site that has not set up its week, a comma in them escaped', async () => {
    await saveSettings({ businessHours: HOURS, openingHours: undefined });
    const { body } = await card('/contact.vcf');
    const note = new ICAL.Component(ICAL.parse(body) as unknown[]).getFirstPropertyValue('note');
    expect(note).toBe('Mon–Fri: 9:00 AM – 8:00 PM\nSat, Sun: Closed');
    const hindi = await t.app.inject({ url: '/hi/contact.vcf' });
    const read = new ICAL.Component(ICAL.parse(Buffer.from(hindi.rawPayload).toString('utf8')) as unknown[]);
    expect(read.getFirstPropertyValue('note')).toBe('सोम–शुक्र: सुबह 9 – रात 8\nSat, Sun: बंद');
  });

  it('is in Hindi at /hi/contact.vcf, in UTF-8: the hours, the Hindi contact page and a Devanagari name intact', async () => {
    await saveSettings({ brandName: 'संपर्क Seva', openingHours: WEEK });
    const response = await t.app.inject({ url: '/hi/contact.vcf' });
    expect(response.statusCode).toBe(200);
    // Read as bytes: nothing was mangled on the way (a vCard 4.0 is always UTF-8).
    const read = new ICAL.Component(
      ICAL.parse(Buffer.from(response.rawPayload).toString('utf8')) as unknown[],
    );
    expect(read.getFirstPropertyValue('fn')).toBe('संपर्क Seva');
    expect(read.getFirstPropertyValue('note')).toBe(
      'सोम–शुक्र: सुबह 9:00 – रात 8:00\nशनि: सुबह 10:00 – दोपहर 1:30\nरवि: बंद',
    );
    expect(read.getAllProperties('url').map((url) => url.getFirstValue())).toEqual([`${ORIGIN}/hi/contact`]);
  });

  it('follows the owner’s changes at once, and anyone may save it without signing in', async () => {
    expect((await card('/contact.vcf')).one('TEL')).toEqual([]);
    await addChannel({ type: 'whatsapp', value: '+91 91234 56789' });
    await saveSettings({ brandName: 'Renamed Shop' });
    const after = await card('/contact.vcf');
    expect(after.one('TEL')).toEqual(['tel:+919123456789']);
    expect(after.one('FN')).toEqual(['Renamed Shop']);
    const head = await t.app.inject({ method: 'HEAD', url: '/contact.vcf' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['cache-control']).toBe('public, max-age=300');
  });
});
