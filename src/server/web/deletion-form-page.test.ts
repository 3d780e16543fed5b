import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_DELETION_MESSAGES } from '../../shared/rules/account-deletion.ts';
import { DELETION_FAILURES_PER_MOBILE } from '../features/members/deletion-throttle.ts';
import { WEB_BUILT as built, shownMarkup, WEB_DIST_DIR } from '../test-support/rendered-pages.ts';
import {
  createMember,
  TEST_DIALECTS,
  TEST_MEMBER,
  TEST_ORIGIN,
  testAppForEachTest,
} from '../test-support/test-app.ts';

const IP = '203.0.113.21';
/** TEST_MEMBER's mobile as a person types it on the page, after the default +91. */
const TYPED_MOBILE = '98765-43210';
const WRONG_PASSWORD = 'not my password 123';

/** The deletion page as a browser without script posts it: urlencoded, to the page itself. */
function nativePost(
  fields: Record<string, string>,
  { url = '/delete-account', headers = { origin: TEST_ORIGIN }, remoteAddress = IP } = {},
) {
  return {
    method: 'POST',
    url,
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
    remoteAddress,
  } satisfies InjectOptions;
}

const credentials = (password: string, mobile = TYPED_MOBILE) => ({ countryCode: '+91', mobile, password });

/** The confirmation the server put in the page's second step. */
function confirmationIn(html: string): string {
  const match = /name="confirmation" value="([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error('no confirmation in the page');
  return match[1];
}

describe.skipIf(!built).each(TEST_DIALECTS)(
  'the deletion page posted without script (%s; needs npm run build:web)',
  (dialect) => {
    const t = testAppForEachTest(dialect, { WEB_DIST_DIR });
    const memberRow = (id: string) =>
      t.database.db
        .selectFrom('members')
        .select(['deletedAt'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();

    it('asks to confirm after the right password, never echoing it, then deletes the account', async () => {
      const id = await createMember(t.database, {}, t.clock);
      const step = await t.app.inject(nativePost(credentials(TEST_MEMBER.password)));
      expect(step.statusCode).toBe(200);
      expect(step.headers['content-type']).toMatch(/^text\/html/);
      expect(step.headers['cache-control']).toBe('no-store');
      expect(step.body).toContain('Delete this account for good?');
      expect(step.body).toContain(`+91 ${TYPED_MOBILE}`);
      expect(step.body).toContain('action="/delete-account#account-deletion"');
      expect(step.body).not.toContain(TEST_MEMBER.password);
      expect((await memberRow(id)).deletedAt).toBeNull();

      const done = await t.app.inject(
        nativePost({ confirmation: confirmationIn(step.body), intent: 'delete', mobile: TYPED_MOBILE }),
      );
      expect(done.statusCode).toBe(200);
      expect(done.headers['cache-control']).toBe('no-store');
      expect(done.body).toContain(ACCOUNT_DELETION_MESSAGES.deleted);
      expect((await memberRow(id)).deletedAt).not.toBeNull();

      // The same confirmation once more: the account is gone, so it is refused, with no 5xx.
      const again = await t.app.inject(
        nativePost({ confirmation: confirmationIn(step.body), intent: 'delete' }),
      );
      expect(again.statusCode).toBe(400);
      expect(again.body).toContain('This confirmation has expired.');
    });

    it('answers a wrong password with the form, the message under the password, the mobile kept', async () => {
      const id = await createMember(t.database, {}, t.clock);
      const answer = await t.app.inject(nativePost(credentials(WRONG_PASSWORD)));
      expect(answer.statusCode).toBe(401);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.body).toMatch(
        /-password-error"[^>]*role="alert"[^>]*>The mobile number or password is incorrect</,
      );
      expect(answer.body).toMatch(/value="98765-43210"/);
      expect(answer.body).not.toContain(WRONG_PASSWORD);
      expect(shownMarkup(answer.body)).not.toContain('Delete this account for good?');
      expect((await memberRow(id)).deletedAt).toBeNull();
    });

    it('says in Hindi on the Hindi page, and the Hindi page deletes too', async () => {
      const id = await createMember(t.database, {}, t.clock);
      const wrong = await t.app.inject(
        nativePost(credentials(WRONG_PASSWORD), { url: '/hi/delete-account' }),
      );
      expect(wrong.statusCode).toBe(401);
      expect(wrong.body).toMatch(/<html[^>]* lang="hi"/);
      expect(wrong.body).toContain('मोबाइल नंबर या पासवर्ड गलत है।');
      expect(shownMarkup(wrong.body)).not.toContain('The mobile number or password is incorrect');

      const step = await t.app.inject(
        nativePost(credentials(TEST_MEMBER.password), { url: '/hi/delete-account' }),
      );
      expect(step.statusCode).toBe(200);
      expect(step.body).toContain('action="/hi/delete-account#account-deletion"');
      expect(step.body).toContain('क्या यह खाता हमेशा के लिए हटा दें?');
      const done = await t.app.inject(
        nativePost(
          { confirmation: confirmationIn(step.body), intent: 'delete' },
          { url: '/hi/delete-account' },
        ),
      );
      expect(done.statusCode).toBe(200);
      expect(done.body).toContain('आपका खाता हटा दिया गया है!');
      expect((await memberRow(id)).deletedAt).not.toBeNull();
    });

    it('cancels back to the form with the number kept, deleting nothing', async () => {
      const id = await createMember(t.database, {}, t.clock);
      const step = await t.app.inject(nativePost(credentials(TEST_MEMBER.password)));
      const cancelled = await t.app.inject(
        nativePost({
          confirmation: confirmationIn(step.body),
          intent: 'cancel',
          mobile: TYPED_MOBILE,
          countryCode: '+91',
        }),
      );
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.body).toMatch(/value="98765-43210"/);
      expect(shownMarkup(cancelled.body)).not.toContain('Delete this account for good?');
      expect((await memberRow(id)).deletedAt).toBeNull();
    });

    it('refuses a forged, altered or expired confirmation with a clear 400', async () => {
      const id = await createMember(t.database, {}, t.clock);
      const step = await t.app.inject(nativePost(credentials(TEST_MEMBER.password)));
      const confirmation = confirmationIn(step.body);
      const [mobile, expires, signature] = confirmation.split('.');
      for (const forged of [
        'x',
        `${mobile}.${expires}`,
        `+919876543211.${expires}.${signature}`,
        `${mobile}.${Number(expires) + 60}.${signature}`,
        `${mobile}.${expires}.${'A'.repeat(43)}`,
        `${confirmation}.extra`,
      ]) {
        const answer = await t.app.inject(nativePost({ confirmation: forged, intent: 'delete' }));
        expect(answer.statusCode, forged).toBe(400);
        expect(answer.body).toContain('This confirmation has expired.');
      }
      t.clock.advance(11 * 60 * 1000);
      const late = await t.app.inject(nativePost({ confirmation, intent: 'delete', mobile: TYPED_MOBILE }));
      expect(late.statusCode).toBe(400);
      expect(late.body).toMatch(/value="98765-43210"/);
      expect((await memberRow(id)).deletedAt).toBeNull();
    });

    it('answers missing and bad fields with a 400 page that keeps the mobile, never a 5xx', async () => {
      const empty = await t.app.inject(
        nativePost({ countryCode: '+91', mobile: TYPED_MOBILE, password: '' }),
      );
      expect(empty.statusCode).toBe(400);
      expect(empty.body).toContain(ACCOUNT_DELETION_MESSAGES.missingFields);
      expect(empty.body).toMatch(/value="98765-43210"/);

      for (const fields of [
        {} as Record<string, string>,
        { mobile: '9'.repeat(500), password: 'x' },
        { mobile: '98765\u000043210', password: 'x' },
        { mobile: TYPED_MOBILE, password: 'x'.repeat(5000) },
        { mobile: TYPED_MOBILE, password: 'x', countryCode: 'not a code' },
      ]) {
        const answer = await t.app.inject(nativePost(fields));
        expect(answer.statusCode, JSON.stringify(fields).slice(0, 80)).toBe(400);
        expect(answer.headers['content-type']).toMatch(/^text\/html/);
      }
      // Repeated fields arrive as lists: read as missing, not as a crash.
      const repeated = await t.app.inject({
        ...nativePost({}),
        payload: 'mobile=1&mobile=2&password=a&password=b',
      });
      expect(repeated.statusCode).toBe(400);
      const escaped = await t.app.inject(nativePost(credentials('', '"><script>alert(1)</script>')));
      expect(escaped.statusCode).toBe(400);
      expect(escaped.body).not.toContain('<script>alert(1)</script>');
    });

    it('shares the per-mobile throttle with the API and says how long to wait', async () => {
      await createMember(t.database, {}, t.clock);
      for (let i = 0; i < DELETION_FAILURES_PER_MOBILE; i++) {
        // Each from its own address: the mobile's own count is what stops them.
        const answer = await t.app.inject(
          nativePost(credentials(WRONG_PASSWORD), { remoteAddress: `198.51.100.${i}` }),
        );
        expect(answer.statusCode).toBe(401);
      }
      const refused = await t.app.inject(nativePost(credentials(TEST_MEMBER.password)));
      expect(refused.statusCode).toBe(429);
      const wait = Number(refused.headers['retry-after']);
      expect(wait).toBeGreaterThan(0);
      expect(refused.body).toContain(
        `Too many attempts. Please try again in ${Math.ceil(wait / 60)} minutes.`,
      );
      expect(refused.body).toMatch(/value="98765-43210"/);
      const api = await t.app.inject({
        method: 'DELETE',
        url: '/api/auth/delete-account',
        headers: { origin: TEST_ORIGIN },
        payload: { mobile: TEST_MEMBER.mobile, password: TEST_MEMBER.password },
        remoteAddress: '192.0.2.1',
      });
      expect(api.statusCode).toBe(429);
    });

    it('tells a busy address without script that the check needs JavaScript', async () => {
      for (let i = 0; i < 5; i++) {
        const mobile = `98765${String(10000 + i)}`;
        expect((await t.app.inject(nativePost(credentials(WRONG_PASSWORD, mobile)))).statusCode).toBe(401);
      }
      const busy = await t.app.inject(nativePost(credentials(WRONG_PASSWORD)));
      expect(busy.statusCode).toBe(428);
      expect(busy.body).toContain('confirming that you are a person needs JavaScript');
      const hindi = await t.app.inject(
        nativePost(credentials(WRONG_PASSWORD), { url: '/hi/delete-account' }),
      );
      expect(hindi.statusCode).toBe(428);
      expect(hindi.body).toContain('JavaScript चालू करें');
    });

    it('refuses a post from another site, as every write', async () => {
      const id = await createMember(t.database, {}, t.clock);
      const answer = await t.app.inject(
        nativePost(credentials(TEST_MEMBER.password), { headers: { origin: 'https://elsewhere.example' } }),
      );
      expect(answer.statusCode).toBe(403);
      const step = await t.app.inject(nativePost(credentials(TEST_MEMBER.password)));
      const confirmed = await t.app.inject(
        nativePost(
          { confirmation: confirmationIn(step.body), intent: 'delete' },
          { headers: { origin: 'https://elsewhere.example' } },
        ),
      );
      expect(confirmed.statusCode).toBe(403);
      expect((await memberRow(id)).deletedAt).toBeNull();
    });
  },
);
