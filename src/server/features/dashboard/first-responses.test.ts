import { describe, expect, it } from 'vitest';
import type { FirstResponses } from '../../../shared/contracts/dashboard.ts';
import { inKolkata } from '../../test-support/kolkata-clock.ts';
import {
  asAdmin,
  createAdmin,
  createTestClock,
  signedInAppForEachTest,
  signIn,
  storedInquiry,
  TEST_DIALECTS,
} from '../../test-support/test-app.ts';

const FIRST_RESPONSES = '/api/admin/dashboard/first-responses?days=7';

describe.each(TEST_DIALECTS)('first-response times on the dashboard (%s)', (dialect) => {
  // The fresh install's week: Monday to Friday 9 AM – 8 PM, in Asia/Kolkata.
  const clock = createTestClock(inKolkata('2026-12-07T08:00'));
  const longSession = { SESSION_IDLE_MINUTES: '20160', SESSION_ABSOLUTE_MINUTES: '20160' };
  const t = signedInAppForEachTest(dialect, longSession, { clock });

  const member = async (role: 'agent' | 'editor', name: string) => {
    const credentials = { email: `${role}@example.com`, password: 'a long enough password' };
    const id = await createAdmin(t.database, { ...credentials, name, role });
    return { id, cookie: await signIn(t.app, credentials) };
  };
  const received = async (local: string) => {
    const row = storedInquiry(new Date(inKolkata(local)).toISOString());
    await t.database.db.insertInto('contactInquiries').values(row).execute();
    return row.id;
  };
  /** Opens a reply link of the inquiry at `local`, as the app's clock reads it then. */
  const answer = async (cookie: string, id: string, local: string) => {
    clock.advance(inKolkata(local) - clock());
    const response = await t.app.inject(
      asAdmin(cookie, {
        method: 'POST',
        url: `/api/contact-inquiries/${id}/reply-link`,
        payload: { channel: 'whatsapp' },
      }),
    );
    expect(response.statusCode).toBe(200);
  };
  const figures = async (cookie: string): Promise<FirstResponses> => {
    const response = await t.app.inject(asAdmin(cookie, { url: FIRST_RESPONSES }));
    expect(response.statusCode).toBe(200);
    return response.json().firstResponses;
  };

  it('gives the median and 90th percentile wait in business hours, per member for an administrator only', async () => {
    const agent = await member('agent', 'Bilal');
    const editor = await member('editor', 'Esha');
    const evening = await received('2026-12-07T19:30');
    const morning = await received('2026-12-08T10:00');
    const later = await received('2026-12-08T10:05');
    await received('2026-12-08T11:00');
    // Monday's last half hour and Tuesday's first quarter: 45 minutes of business hours, not 13¾ hours.
    await answer(t.cookie, evening, '2026-12-08T09:15');
    await answer(agent.cookie, morning, '2026-12-08T10:10');
    await answer(agent.cookie, later, '2026-12-08T10:35');
    // A second reply is not a first response.
    await answer(t.cookie, later, '2026-12-08T12:00');

    const owner = await figures(t.cookie);
    expect(owner).toMatchObject({
      days: 7,
      businessHours: true,
      overall: { count: 3, medianMinutes: 30, p90Minutes: 45 },
      unanswered: 1,
    });
    expect(owner.members).toEqual([
      { adminId: agent.id, name: 'Bilal', count: 2, medianMinutes: 10, p90Minutes: 30 },
      { adminId: expect.any(String), name: expect.any(String), count: 1, medianMinutes: 45, p90Minutes: 45 },
    ]);
    // An agent sees the whole team's figure and their own row; an editor the figure alone.
    const own = await figures(agent.cookie);
    expect(own.overall).toEqual(owner.overall);
    expect(own.members.map((row) => row.name)).toEqual(['Bilal']);
    expect((await figures(editor.cookie)).members).toEqual([]);

    // A week on, none of these inquiries is in the last 7 days.
    clock.advance(8 * 24 * 60 * 60_000);
    expect(await figures(t.cookie)).toMatchObject({ overall: null, unanswered: 0, members: [] });
  });
});
