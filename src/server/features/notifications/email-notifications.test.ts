import { describe, expect, it } from 'vitest';
import { EMAIL_OFF_MESSAGE } from '../../../shared/rules/notifications.ts';
import { RETRY_DELAYS_MS } from '../../outbox/outbox.ts';
import {
  SMTP_TEST_PASSWORD,
  signedInAppWithMailForEachTest,
  startSmtpServer,
  unusedSmtpUrl,
} from '../../test-support/smtp-test-server.ts';
import {
  asAdmin,
  createAdmin,
  expectAuthenticationRequired,
  expectBadRequest,
  postInquiry,
  signIn,
  TEST_ADMIN,
  TEST_DIALECTS,
  TEST_INQUIRY,
  withTestApp,
} from '../../test-support/test-app.ts';

const SECOND_ADMIN = { email: 'second@example.com', password: 'second password 12' };
const OPTED_OUT_ADMIN = { email: 'opted-out@example.com', password: 'opted out password 1' };
/** Without PUBLIC_ORIGIN, links go to the server's own address (HOST 0.0.0.0, PORT 3000). */
const LINK_ORIGIN = 'http://localhost:3000';

const DEFAULT_PREFERENCES = { email: true, digest: { enabled: false, hour: 9, unreadHours: 12 } };

describe.each(TEST_DIALECTS)('email notifications (%s)', (dialect) => {
  const t = signedInAppWithMailForEachTest(dialect);

  const savePreferences = (as: string, payload: object) =>
    t.app.inject(asAdmin(as, { method: 'PUT', url: '/api/admin/profile/notifications', payload }));
  const status = async () => {
    const response = await t.app.inject(asAdmin(t.cookie, { url: '/api/admin/notifications' }));
    expect(response.statusCode).toBe(200);
    return response.json().notifications;
  };
  const submitInquiry = async (payload?: object) => {
    const response = await t.app.inject(postInquiry(payload));
    expect(response.statusCode).toBe(201);
    const rows = await t.database.db.selectFrom('contactInquiries').select('id').orderBy('seq').execute();
    return rows.at(-1)!.id;
  };

  it('emails a new inquiry to every user who wants it, with its fields, reply links and inbox link', async () => {
    await createAdmin(t.database, SECOND_ADMIN);
    await createAdmin(t.database, OPTED_OUT_ADMIN);
    const optedOut = await signIn(t.app, OPTED_OUT_ADMIN);
    expect((await savePreferences(optedOut, { ...DEFAULT_PREFERENCES, email: false })).statusCode).toBe(200);

    const inquiryId = await submitInquiry();
    await expect.poll(() => t.smtp.received.length, { timeout: 10_000 }).toBe(2);
    await t.app.notificationOutbox.drain();

    expect(t.smtp.received.flatMap((message) => message.to).sort()).toEqual(
      [SECOND_ADMIN.email, TEST_ADMIN.email].sort(),
    );
    expect(t.smtp.to(OPTED_OUT_ADMIN.email)).toEqual([]);
    const { mail } = t.smtp.to(TEST_ADMIN.email)[0]!;
    expect(mail.subject).toBe('New inquiry from Asha Verma');
    expect(mail.from?.text).toBe('"Sampark" <notifications@localhost>');
    expect(mail.replyTo?.text).toBe(TEST_INQUIRY.email);
    const text = mail.text ?? '';
    for (const line of [
      'Name: Asha Verma',
      'Phone: +91 98765 43210',
      `Email: ${TEST_INQUIRY.email}`,
      'City: Pune',
      'Service: Technical Support',
      TEST_INQUIRY.query,
      'Call: tel:+919876543210',
      `Reply by email: mailto:${TEST_INQUIRY.email}`,
      `Open in the inbox: ${LINK_ORIGIN}/admin/inquiries?open=${inquiryId}`,
    ]) {
      expect(text).toContain(line);
    }
    // When it arrived, in the business's time zone (the default, Asia/Kolkata).
    expect(text).toMatch(/^Received: \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} \(Asia\/Kolkata\)$/m);
    const whatsapp = /Reply on WhatsApp: (\S+)/.exec(text)?.[1] ?? '';
    expect(whatsapp).toMatch(/^https:\/\/wa\.me\/919876543210\?text=/);
    expect(new URL(whatsapp).searchParams.get('text')).toBe(
      'Hello Asha Verma, this is Sampark replying to your inquiry.',
    );
    // The HTML part carries the same links, as links.
    const html = String(mail.html);
    expect(html).toContain(`href="${LINK_ORIGIN}/admin/inquiries?open=${inquiryId}"`);
    expect(html).toContain('href="tel:+919876543210"');
    expect(html).toContain(`href="mailto:${TEST_INQUIRY.email}"`);
    expect(html).toContain('href="https://wa.me/919876543210?text=');
  });

  it('greets in Hindi, in the email’s WhatsApp link and in the inbox, a visitor who wrote from a Hindi page', async () => {
    const inquiryId = await submitInquiry({ ...TEST_INQUIRY, language: 'hi' });
    await expect.poll(() => t.smtp.received.length, { timeout: 10_000 }).toBe(1);
    await t.app.notificationOutbox.drain();
    const text = t.smtp.to(TEST_ADMIN.email)[0]!.mail.text ?? '';
    const whatsapp = /Reply on WhatsApp: (\S+)/.exec(text)?.[1] ?? '';
    expect(new URL(whatsapp).searchParams.get('text')).toBe(
      'नमस्ते Asha Verma, Sampark की ओर से आपकी पूछताछ का जवाब दे रहे हैं।',
    );
    // The inbox has the language too, for its own WhatsApp link (shared/rules/reply-links.ts).
    const shown = await t.app.inject(asAdmin(t.cookie, { url: `/api/contact-inquiries/${inquiryId}` }));
    expect(shown.json().inquiry.language).toBe('hi');
  });

  it('keeps English for an inquiry that names no language', async () => {
    const inquiryId = await submitInquiry();
    const shown = await t.app.inject(asAdmin(t.cookie, { url: `/api/contact-inquiries/${inquiryId}` }));
    expect(shown.json().inquiry.language).toBe('en');
  });

  it('tells only users who may read inquiries and whose account is on: not an editor, not a disabled agent', async () => {
    await createAdmin(t.database, {
      email: 'editor@example.com',
      password: 'editor password 1',
      role: 'editor',
    });
    await createAdmin(t.database, {
      email: 'agent@example.com',
      password: 'agent password 1',
      role: 'agent',
    });
    const disabledId = await createAdmin(t.database, {
      email: 'gone@example.com',
      password: 'agent password 2',
      role: 'agent',
    });
    await t.database.db
      .updateTable('admins')
      .set({ disabledAt: new Date(t.clock()).toISOString() })
      .where('id', '=', disabledId)
      .execute();

    await submitInquiry();
    await expect.poll(() => t.smtp.received.length, { timeout: 10_000 }).toBe(2);
    await t.app.notificationOutbox.drain();
    expect(t.smtp.received.flatMap((message) => message.to).sort()).toEqual(
      ['agent@example.com', TEST_ADMIN.email].sort(),
    );
  });

  it('escapes what the visitor wrote in the HTML email', async () => {
    await submitInquiry({ ...TEST_INQUIRY, query: 'Hi <script>alert(1)</script> & <b>bye</b>' });
    await expect.poll(() => t.smtp.received.length, { timeout: 10_000 }).toBe(1);
    const html = String(t.smtp.received[0]!.mail.html);
    expect(html).not.toContain('<script>');
    expect(html).toContain('Hi &lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;bye&lt;/b&gt;');
    expect(t.smtp.received[0]!.mail.text).toContain('Hi <script>alert(1)</script> & <b>bye</b>');
  });

  it('tries again after a temporary refusal (4xx) and delivers once the server accepts', async () => {
    t.smtp.answerRecipients(() => ({ code: 451, message: '4.3.0 Mailbox busy, try later' }));
    await submitInquiry();
    await t.app.notificationOutbox.drain();
    expect(t.smtp.received).toEqual([]);
    expect((await status()).waiting).toBe(1);

    t.smtp.answerRecipients(() => null);
    // Not before its backoff is over...
    await t.app.notificationOutbox.drain();
    expect(t.smtp.received).toEqual([]);
    t.clock.advance(RETRY_DELAYS_MS[0]);
    await t.app.notificationOutbox.drain();
    expect(t.smtp.to(TEST_ADMIN.email)).toHaveLength(1);
    const after = await status();
    expect(after.waiting).toBe(0);
    expect(after.failures).toEqual([]);
  });

  it('gives up at once on a permanent refusal (5xx), and Settings shows it with the last error', async () => {
    t.smtp.answerRecipients(() => ({ code: 550, message: '5.1.1 No such mailbox here' }));
    await submitInquiry();
    await t.app.notificationOutbox.drain();
    const { waiting, failures } = await status();
    expect(waiting).toBe(0);
    expect(failures).toEqual([
      {
        id: expect.any(String),
        kind: 'email',
        summary: 'New inquiry email',
        recipient: TEST_ADMIN.email,
        attempts: 1,
        lastError: expect.stringContaining('550 5.1.1 No such mailbox here'),
        createdAt: expect.any(String),
        failedAt: expect.any(String),
      },
    ]);
  });

  it('gives up on a delivery still failing after 24 hours, with its last error', async () => {
    t.smtp.answerRecipients(() => ({ code: 421, message: '4.7.0 Try again later' }));
    await submitInquiry();
    await t.app.notificationOutbox.drain();
    expect((await status()).failures).toEqual([]);
    t.clock.advance(24 * 60 * 60_000 + 1);
    await t.app.notificationOutbox.drain();
    // The session has expired meanwhile.
    t.cookie = await signIn(t.app);
    const { waiting, failures } = await status();
    expect(waiting).toBe(0);
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ recipient: TEST_ADMIN.email, attempts: 2 });
    expect(failures[0].lastError).toContain('421 4.7.0 Try again later');
    expect(t.smtp.received).toEqual([]);
  });

  it('sends no email about an inquiry to a user who opted out after it was written, or who was deleted', async () => {
    await createAdmin(t.database, SECOND_ADMIN);
    t.smtp.answerRecipients(() => ({ code: 451, message: '4.3.0 Later' }));
    await submitInquiry();
    await t.app.notificationOutbox.drain();
    // Both wait to be tried again; meanwhile one opts out and the other's account is deleted.
    expect((await status()).waiting).toBe(2);
    expect((await savePreferences(t.cookie, { ...DEFAULT_PREFERENCES, email: false })).statusCode).toBe(200);
    await t.database.db.deleteFrom('admins').where('email', '=', SECOND_ADMIN.email).execute();
    t.smtp.answerRecipients(() => null);
    t.clock.advance(RETRY_DELAYS_MS[0]);
    await t.app.notificationOutbox.drain();
    expect(t.smtp.received).toEqual([]);
    expect(await status()).toMatchObject({ waiting: 0, failures: [] });
  });

  it('sends a test email at once and shows the mail server’s answer', async () => {
    const response = await t.app.inject(
      asAdmin(t.cookie, { method: 'POST', url: '/api/admin/notifications/test-email' }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: expect.stringMatching(/^Sent to owner@example\.com\. The mail server answered: 250 /),
    });
    expect(t.smtp.to(TEST_ADMIN.email)).toHaveLength(1);
    expect(t.smtp.received[0]!.mail.subject).toBe('Test email from Sampark');
  });

  it('shows that email is on, the sender and the server, never the SMTP password', async () => {
    const response = await t.app.inject(asAdmin(t.cookie, { url: '/api/admin/notifications' }));
    expect(response.body).not.toContain(SMTP_TEST_PASSWORD);
    expect(response.json().notifications).toEqual({
      email: {
        enabled: true,
        from: '"Sampark" <notifications@localhost>',
        server: `127.0.0.1:${t.smtp.port}`,
      },
      links: { origin: LINK_ORIGIN, fromPublicOrigin: false },
      waiting: 0,
      failures: [],
    });
  });

  it('refuses the settings and the test email without a session', async () => {
    expectAuthenticationRequired(await t.app.inject({ url: '/api/admin/notifications' }));
    expectAuthenticationRequired(
      await t.app.inject(asAdmin(undefined, { method: 'POST', url: '/api/admin/notifications/test-email' })),
    );
    expectAuthenticationRequired(await t.app.inject({ url: '/api/admin/profile/notifications' }));
  });

  it('keeps each user’s preferences and explains bad ones', async () => {
    const read = async (as: string) => {
      const response = await t.app.inject(asAdmin(as, { url: '/api/admin/profile/notifications' }));
      expect(response.statusCode).toBe(200);
      return response.json();
    };
    expect(await read(t.cookie)).toEqual({
      preferences: DEFAULT_PREFERENCES,
      timeZone: 'Asia/Kolkata',
      emailAvailable: true,
    });
    const chosen = { email: false, digest: { enabled: true, hour: 18, unreadHours: 6 } };
    const saved = await savePreferences(t.cookie, chosen);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      success: true,
      message: 'Notification preferences saved',
      preferences: chosen,
    });
    expect((await read(t.cookie)).preferences).toEqual(chosen);
    // Another user's are their own.
    await createAdmin(t.database, SECOND_ADMIN);
    expect((await read(await signIn(t.app, SECOND_ADMIN))).preferences).toEqual(DEFAULT_PREFERENCES);

    const bad = (digest: object) =>
      savePreferences(t.cookie, { email: true, digest: { ...chosen.digest, ...digest } });
    expectBadRequest(await bad({ hour: 24 }), 'digest.hour', 'Choose an hour from 00:00 to 23:00');
    expectBadRequest(await bad({ hour: 7.5 }), 'digest.hour', 'Choose an hour from 00:00 to 23:00');
    expectBadRequest(
      await bad({ unreadHours: 0 }),
      'digest.unreadHours',
      'Enter a number of hours from 1 to 72',
    );
    expectBadRequest(
      await bad({ unreadHours: 73 }),
      'digest.unreadHours',
      'Enter a number of hours from 1 to 72',
    );
    expectBadRequest(await savePreferences(t.cookie, { ...chosen, email: 'yes' }), 'email');
    expect((await read(t.cookie)).preferences).toEqual(chosen);
  });
});

describe.each(TEST_DIALECTS)('email notifications without a working mail server (%s)', (dialect) => {
  it('says how to turn email on when SMTP_URL is unset, and writes no email', async () => {
    await withTestApp(dialect, {}, async (t) => {
      await createAdmin(t.database);
      const cookie = await signIn(t.app);
      const test = await t.app.inject(
        asAdmin(cookie, { method: 'POST', url: '/api/admin/notifications/test-email' }),
      );
      expect(test.statusCode).toBe(409);
      expect(test.json()).toEqual({ success: false, code: 'CONFLICT', message: EMAIL_OFF_MESSAGE });
      expect((await t.app.inject(postInquiry())).statusCode).toBe(201);
      await t.app.notificationOutbox.drain();
      const { notifications } = (
        await t.app.inject(asAdmin(cookie, { url: '/api/admin/notifications' }))
      ).json();
      expect(notifications).toMatchObject({
        email: { enabled: false, from: null, server: null },
        waiting: 0,
        failures: [],
      });
      const count = await t.database.db
        .selectFrom('notificationOutbox')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('kind', '=', 'email')
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(0);
      expect(t.app.jobs.emailDigests).toBeUndefined();
    });
  });

  it('keeps trying (never gives up at once) when the mail server refuses the sign-in, as the owner may fix SMTP_URL', async () => {
    const smtp = await startSmtpServer();
    try {
      const wrongPassword = smtp.url.replace(SMTP_TEST_PASSWORD, 'wrong-password');
      await withTestApp(dialect, { SMTP_URL: wrongPassword }, async (t) => {
        await createAdmin(t.database);
        const cookie = await signIn(t.app);
        const test = await t.app.inject(
          asAdmin(cookie, { method: 'POST', url: '/api/admin/notifications/test-email' }),
        );
        expect(test.statusCode).toBe(502);
        expect(test.json().message).toContain('535');
        expect((await t.app.inject(postInquiry())).statusCode).toBe(201);
        await t.app.notificationOutbox.drain();
        const { notifications } = (
          await t.app.inject(asAdmin(cookie, { url: '/api/admin/notifications' }))
        ).json();
        expect(notifications).toMatchObject({ waiting: 1, failures: [] });
        expect(smtp.received).toEqual([]);
      });
    } finally {
      await smtp.close();
    }
  });

  it('links to PUBLIC_ORIGIN and sends from its host when it is set', async () => {
    const origin = 'https://support.example.in';
    await withTestApp(dialect, { SMTP_URL: await unusedSmtpUrl(), PUBLIC_ORIGIN: origin }, async (t) => {
      await createAdmin(t.database);
      const cookie = await signIn(t.app, TEST_ADMIN, origin);
      const response = await t.app.inject({
        url: '/api/admin/notifications',
        headers: { cookie, origin, host: 'support.example.in' },
      });
      expect(response.json().notifications).toMatchObject({
        email: { enabled: true, from: '"Sampark" <notifications@support.example.in>' },
        links: { origin, fromPublicOrigin: true },
      });
    });
  });

  it('answers the test email with a clear error when the mail server is down', async () => {
    await withTestApp(dialect, { SMTP_URL: await unusedSmtpUrl() }, async (t) => {
      await createAdmin(t.database);
      const cookie = await signIn(t.app);
      const response = await t.app.inject(
        asAdmin(cookie, { method: 'POST', url: '/api/admin/notifications/test-email' }),
      );
      expect(response.statusCode).toBe(502);
      const body = response.json();
      expect(body).toEqual({
        success: false,
        code: 'UPSTREAM_FAILED',
        message: expect.stringContaining('ECONNREFUSED'),
      });
      expect(body.message).toMatch(/^The test email to owner@example\.com was not sent: /);
      expect(body.message).not.toMatch(/\n\s+at /);
    });
  });
});
