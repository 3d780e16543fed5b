import { describe, expect, it } from 'vitest';
import { inKolkata } from '../../test-support/kolkata-clock.ts';
import {
  asAdmin,
  createAdmin,
  createTestClock,
  expectBadRequest,
  type InquiryRowOverrides,
  signedInAppForEachTest,
  signIn,
  storedInquiry,
  TEST_DIALECTS,
} from '../../test-support/test-app.ts';

const SETTINGS = '/api/admin/settings/inbox';

describe.each(TEST_DIALECTS)('overdue inquiries in the inbox (%s)', (dialect) => {
  // The fresh install's week (Monday to Friday 9 AM – 8 PM, Asia/Kolkata) and 4 business hours.
  const clock = createTestClock(inKolkata('2026-12-07T08:00'));
  const longSession = { SESSION_IDLE_MINUTES: '20160', SESSION_ABSOLUTE_MINUTES: '20160' };
  const t = signedInAppForEachTest(dialect, longSession, { clock });

  const received = async (local: string, overrides: InquiryRowOverrides = {}) => {
    const row = storedInquiry(new Date(inKolkata(local)).toISOString(), overrides);
    await t.database.db.insertInto('contactInquiries').values(row).execute();
    return row.id;
  };
  const at = (local: string) => clock.advance(inKolkata(local) - clock());
  const overdue = async () => {
    const response = await t.app.inject(asAdmin(t.cookie, { url: '/api/contact-inquiries?pageSize=50' }));
    expect(response.statusCode).toBe(200);
    return [...response.json().overdue].sort();
  };

  it('marks a waiting inquiry nobody answered once it has waited the set business hours', async () => {
    const waiting = await received('2026-12-07T10:00');
    const answered = await received('2026-12-07T10:00');
    await received('2026-12-07T10:00', { status: 'resolved' });
    const evening = await received('2026-12-07T19:00');
    at('2026-12-07T10:30');
    const replied = await t.app.inject(
      asAdmin(t.cookie, {
        method: 'POST',
        url: `/api/contact-inquiries/${answered}/reply-link`,
        payload: { channel: 'call' },
      }),
    );
    expect(replied.statusCode).toBe(200);

    at('2026-12-07T13:59');
    expect(await overdue()).toEqual([]);
    at('2026-12-07T14:00');
    expect(await overdue()).toEqual([waiting]);
    // The evening's inquiry has waited an hour on Monday and an hour on Tuesday morning: not the night.
    at('2026-12-08T10:00');
    expect(await overdue()).toEqual([waiting]);
    at('2026-12-08T12:00');
    expect(await overdue()).toEqual([waiting, evening].sort());

    // With 8 hours, only the morning's (13 business hours by now) is overdue.
    const saved = await t.app.inject(
      asAdmin(t.cookie, { method: 'PUT', url: SETTINGS, payload: { overdueAfterHours: 8 } }),
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json().inboxSettings).toEqual({ overdueAfterHours: 8 });
    expect(await overdue()).toEqual([waiting]);
  });

  it('takes whole hours from 1 to 72, from an administrator only', async () => {
    expect((await t.app.inject(asAdmin(t.cookie, { url: SETTINGS }))).json()).toEqual({
      inboxSettings: { overdueAfterHours: 4 },
    });
    for (const overdueAfterHours of [0, 73, 1.5, '4', null]) {
      expectBadRequest(
        await t.app.inject(
          asAdmin(t.cookie, { method: 'PUT', url: SETTINGS, payload: { overdueAfterHours } }),
        ),
        'overdueAfterHours',
      );
    }
    const credentials = { email: 'agent@example.com', password: 'a long enough password' };
    await createAdmin(t.database, { ...credentials, name: 'Agent', role: 'agent' });
    const agent = await signIn(t.app, credentials);
    expect((await t.app.inject(asAdmin(agent, { url: SETTINGS }))).statusCode).toBe(403);
    const put = { method: 'PUT' as const, url: SETTINGS, payload: { overdueAfterHours: 2 } };
    expect((await t.app.inject(asAdmin(agent, put))).statusCode).toBe(403);
  });
});
