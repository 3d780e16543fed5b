import { beforeEach, describe, expect, it } from 'vitest';
import { SECURITY_NOTICE_LABELS } from '../../../shared/rules/audit-log.ts';
import { createApiToken } from '../../test-support/api-tokens.ts';
import { signedInAppWithMailForEachTest } from '../../test-support/smtp-test-server.ts';
import {
  asAdmin,
  createAdmin,
  loginRequest,
  signIn,
  TEST_ADMIN,
  TEST_DIALECTS,
} from '../../test-support/test-app.ts';

const SECOND_ADMIN = { email: 'second@example.com', password: 'second password 12' };
const AGENT = { email: 'agent@example.com', password: 'agent password 123', role: 'agent' } as const;

describe.each(TEST_DIALECTS)('security notices (%s)', (dialect) => {
  const t = signedInAppWithMailForEachTest(dialect);
  beforeEach(async () => {
    await createAdmin(t.database, SECOND_ADMIN);
    await createAdmin(t.database, AGENT);
  });

  /** The notices emailed so far: their subjects, by recipient. */
  const noticesTo = (email: string) =>
    t.smtp
      .to(email)
      .map(({ mail }) => mail.subject ?? '')
      .filter((subject) => subject.includes('security notice'));
  const dashboardNotices = async (as: string) => {
    const response = await t.app.inject(asAdmin(as, { url: '/api/admin/dashboard' }));
    expect(response.statusCode).toBe(200);
    return response.json().dashboard.securityNotices as { action: string; actorEmail: string }[];
  };

  it('emails every administrator, and no agent, when an API token is made, and shows it on their dashboard', async () => {
    await createApiToken(t.app, t.cookie, { name: 'Zapier export' });
    await t.app.notificationOutbox.drain();

    const subject = `Sampark security notice: ${SECURITY_NOTICE_LABELS['api-token.create']}`;
    expect(noticesTo(TEST_ADMIN.email)).toEqual([subject]);
    expect(noticesTo(SECOND_ADMIN.email)).toEqual([subject]);
    expect(noticesTo(AGENT.email)).toEqual([]);
    const text = String(t.smtp.to(SECOND_ADMIN.email)[0]!.mail.text);
    expect(text).toContain(`By: ${TEST_ADMIN.email}`);
    expect(text).toContain('API token: Zapier export');
    expect(text).not.toContain('smpk_');

    const second = await signIn(t.app, SECOND_ADMIN);
    expect(await dashboardNotices(second)).toEqual([
      expect.objectContaining({ action: 'api-token.create', actorEmail: TEST_ADMIN.email }),
    ]);
    expect(await dashboardNotices(await signIn(t.app, AGENT))).toEqual([]);
  });

  it('tells of a sign-in from a browser new to an account that signed in before, not of the first or a known one', async () => {
    // The account's first sign-in: the one its owner expected.
    const first = await t.app.inject(loginRequest(SECOND_ADMIN));
    const device = first.cookies.find((c) => c.name.endsWith('sampark_device'));
    expect(device).toBeDefined();
    // Again from the same browser.
    const again = await t.app.inject(
      loginRequest(SECOND_ADMIN, { headers: { cookie: `${device!.name}=${device!.value}` } }),
    );
    expect(again.statusCode).toBe(200);
    await t.app.notificationOutbox.drain();
    expect(noticesTo(TEST_ADMIN.email)).toEqual([]);
    // From another browser.
    expect((await t.app.inject(loginRequest(SECOND_ADMIN))).statusCode).toBe(200);
    await t.app.notificationOutbox.drain();
    expect(noticesTo(TEST_ADMIN.email)).toEqual([
      `Sampark security notice: ${SECURITY_NOTICE_LABELS['sign-in']}`,
    ]);
    expect(noticesTo(SECOND_ADMIN.email)).toHaveLength(1);
  });

  it('tells of a new administrator, not of a new agent', async () => {
    const add = (email: string, role: string) =>
      t.app.inject(
        asAdmin(t.cookie, {
          method: 'POST',
          url: '/api/admin/users',
          payload: { email, name: 'New', role, invite: true },
        }),
      );
    expect((await add('new-agent@example.com', 'agent')).statusCode).toBe(201);
    await t.app.notificationOutbox.drain();
    expect(noticesTo(SECOND_ADMIN.email)).toEqual([]);
    expect((await add('new-admin@example.com', 'administrator')).statusCode).toBe(201);
    await t.app.notificationOutbox.drain();
    expect(noticesTo(SECOND_ADMIN.email)).toEqual([
      `Sampark security notice: ${SECURITY_NOTICE_LABELS['user.create']}`,
    ]);
  });
});
