import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inquiryPath } from '../../../shared/pages/admin-paths.ts';
import { HOUR_MS } from '../../../shared/time.ts';
import { zonedDateAndHour } from '../../lib/time-zone.ts';
import { startSmtpServer, type TestSmtpServer } from '../../test-support/smtp-test-server.ts';
import {
  asAdmin,
  createAdmin,
  createTestApp,
  createTestInstances,
  signIn,
  storedInquiry,
  TEST_ADMIN,
  TEST_DIALECTS,
  type TestApp,
} from '../../test-support/test-app.ts';
import { DIGEST_MAX_LISTED } from './email-delivery.ts';

const LINK_ORIGIN = 'http://localhost:3000';

/** The hour it is now in the business's time zone (the default, Asia/Kolkata). */
const businessHour = (moment: number) => zonedDateAndHour(moment, 'Asia/Kolkata').hour;

describe.each(TEST_DIALECTS)('daily digest (%s)', (dialect) => {
  let smtp: TestSmtpServer;
  let t: TestApp;

  beforeEach(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp(dialect, { SMTP_URL: smtp.url });
    await createAdmin(t.database);
    // The unread list alone, unless a test says otherwise: none of their inquiries waits 72 business hours.
    await overdueAfter(72);
  });
  afterEach(async () => {
    await t.close();
    await smtp.close();
  });

  const chooseDigest = async (digest: { enabled: boolean; hour: number; unreadHours: number }) => {
    const cookie = await signIn(t.app);
    const response = await t.app.inject(
      asAdmin(cookie, {
        method: 'PUT',
        url: '/api/admin/profile/notifications',
        payload: { email: true, digest },
      }),
    );
    expect(response.statusCode).toBe(200);
  };
  const overdueAfter = async (overdueAfterHours: number) => {
    const response = await t.app.inject(
      asAdmin(await signIn(t.app), {
        method: 'PUT',
        url: '/api/admin/settings/inbox',
        payload: { overdueAfterHours },
      }),
    );
    expect(response.statusCode).toBe(200);
  };
  const addInquiry = async (name: string, hoursAgo: number, isRead = false, status = 'new') => {
    const row = storedInquiry(new Date(t.clock() - hoursAgo * HOUR_MS).toISOString(), {
      name,
      isRead,
      status,
    });
    await t.database.db.insertInto('contactInquiries').values(row).execute();
    return row.id;
  };
  const runDigests = async () => {
    await t.app.jobs.emailDigests!.runNow();
    await t.app.notificationOutbox.drain();
  };

  it('lists the inquiries still unread N hours after they arrived, at the chosen hour, once a day', async () => {
    const oldUnread = await addInquiry('Old Unread', 13);
    await addInquiry('Old Read', 20, true);
    await addInquiry('New Unread', 1);
    await chooseDigest({ enabled: true, hour: businessHour(t.clock()), unreadHours: 12 });

    await runDigests();
    const received = smtp.to(TEST_ADMIN.email);
    expect(received).toHaveLength(1);
    const { mail } = received[0]!;
    expect(mail.subject).toBe('1 inquiry is still unread on Sampark');
    expect(mail.text).toContain('1 inquiry is still unread 12 hours or more after it arrived.');
    expect(mail.text).toContain('Old Unread (+91 98765 43210, asha@example.com)');
    expect(mail.text).toContain(`${LINK_ORIGIN}${inquiryPath(oldUnread)}`);
    expect(String(mail.html)).toContain(`href="${LINK_ORIGIN}${inquiryPath(oldUnread)}"`);
    expect(mail.text).not.toContain('Old Read');
    expect(mail.text).not.toContain('New Unread');

    // The same hour again, later that day: nothing more.
    t.clock.advance(60_000);
    await runDigests();
    expect(smtp.received).toHaveLength(1);

    // The next day at that hour: the next digest.
    t.clock.advance(24 * HOUR_MS - 60_000);
    await runDigests();
    expect(smtp.received).toHaveLength(2);
  });

  it('sends nothing at another hour, to a user without the digest, or when nothing is unread', async () => {
    await addInquiry('Old Unread', 30);
    const hour = businessHour(t.clock());
    await chooseDigest({ enabled: true, hour: (hour + 1) % 24, unreadHours: 12 });
    await runDigests();
    await chooseDigest({ enabled: false, hour, unreadHours: 12 });
    await runDigests();
    expect(smtp.received).toEqual([]);

    // At its hour with nothing unread long enough: no email at all.
    await chooseDigest({ enabled: true, hour, unreadHours: 72 });
    await runDigests();
    expect(smtp.received).toEqual([]);
  });

  it('lists the inquiries overdue: waiting without a reply for more than the business hours set', async () => {
    // Open round the clock (but a minute a day), so that business hours are clock hours whatever the day this runs.
    const cookie = await signIn(t.app);
    const { settings } = (await t.app.inject({ url: '/api/settings' })).json<{ settings: object }>();
    const allDay = {
      week: Array.from({ length: 7 }, () => [{ opens: '00:00', closes: '23:59' }]),
      closures: [],
    };
    const saved = await t.app.inject(
      asAdmin(cookie, {
        method: 'PUT',
        url: '/api/admin/settings',
        payload: { ...settings, openingHours: allDay },
      }),
    );
    expect(saved.statusCode).toBe(200);
    await overdueAfter(6);
    const waiting = await addInquiry('Waiting Read', 8, true);
    const answered = await addInquiry('Answered Read', 8, true);
    await addInquiry('Fresh Read', 2, true);
    await addInquiry('Resolved Read', 10, true, 'resolved');
    const replied = await t.app.inject(
      asAdmin(cookie, {
        method: 'POST',
        url: `/api/contact-inquiries/${answered}/reply-link`,
        payload: { channel: 'whatsapp' },
      }),
    );
    expect(replied.statusCode).toBe(200);
    await chooseDigest({ enabled: true, hour: businessHour(t.clock()), unreadHours: 12 });

    await runDigests();
    const { mail } = smtp.to(TEST_ADMIN.email)[0]!;
    expect(mail.subject).toBe('1 inquiry is overdue on Sampark');
    expect(mail.text).toContain('1 inquiry is overdue: waiting for a reply for more than 6 business hours.');
    expect(mail.text).not.toContain('still unread');
    expect(mail.text).toContain(`Waiting Read (`);
    expect(mail.text).toContain(`${LINK_ORIGIN}${inquiryPath(waiting)}`);
    for (const name of ['Answered Read', 'Fresh Read', 'Resolved Read'])
      expect(mail.text).not.toContain(name);
  });

  it(`lists ${DIGEST_MAX_LISTED} inquiries at most and says how many more there are`, async () => {
    const rows = Array.from({ length: DIGEST_MAX_LISTED + 3 }, (_, index) =>
      storedInquiry(new Date(t.clock() - (13 + index) * HOUR_MS).toISOString(), { name: `Visitor ${index}` }),
    );
    // Oldest first, as they would have arrived.
    await t.database.db.insertInto('contactInquiries').values(rows.reverse()).execute();
    await chooseDigest({ enabled: true, hour: businessHour(t.clock()), unreadHours: 12 });
    await runDigests();
    const text = smtp.received[0]?.mail.text ?? '';
    expect(smtp.received[0]?.mail.subject).toBe(
      `${DIGEST_MAX_LISTED + 3} inquiries are still unread on Sampark`,
    );
    expect(text.match(/^- Visitor /gm)).toHaveLength(DIGEST_MAX_LISTED);
    expect(text).toContain(`and 3 more in the inbox: ${LINK_ORIGIN}/admin/inquiries`);
    // Newest first: the three oldest are the ones left out.
    expect(text).toContain('Visitor 0 ');
    expect(text).not.toContain(`Visitor ${DIGEST_MAX_LISTED} `);
  });
});

// Several instances share PostgreSQL; SQLite runs as one instance (decision 002).
describe.runIf(TEST_DIALECTS.includes('postgres'))('daily digest with two instances (postgres)', () => {
  it('is taken for sending by one instance only', async () => {
    const smtp = await startSmtpServer();
    const instances = await createTestInstances('postgres', 2, { SMTP_URL: smtp.url });
    try {
      const { db } = instances.database;
      await Promise.all(instances.apps.map((app) => app.ready()));
      const id = await createAdmin(instances.database);
      await db
        .insertInto('contactInquiries')
        .values(storedInquiry(new Date(Date.now() - 13 * HOUR_MS).toISOString()))
        .execute();
      await db
        .updateTable('admins')
        .set({ digestEnabled: 1, digestHour: businessHour(Date.now()) })
        .where('id', '=', id)
        .execute();

      await Promise.all(instances.apps.map((app) => app.jobs.emailDigests!.runNow()));
      const entries = await db
        .selectFrom('notificationOutbox')
        .select('payload')
        .where('kind', '=', 'email')
        .execute();
      expect(entries.map((entry) => JSON.parse(entry.payload).type)).toEqual(['digest']);

      await Promise.all(instances.apps.map((app) => app.notificationOutbox.drain()));
      await expect.poll(() => smtp.received.length).toBe(1);
      await Promise.all(instances.apps.map((app) => app.notificationOutbox.drain()));
      expect(smtp.to(TEST_ADMIN.email)).toHaveLength(1);
    } finally {
      await instances.close();
      await smtp.close();
    }
  });
});
