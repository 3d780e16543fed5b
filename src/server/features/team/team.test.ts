import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { InvitationInfo, TeamMember, TeamMemberCredentials } from '../../../shared/contracts/team.ts';
import { ACCOUNT_DISABLED_MESSAGE } from '../../../shared/rules/admin-auth.ts';
import { FORBIDDEN_MESSAGE, type Role } from '../../../shared/rules/roles.ts';
import {
  INVITATION_INVALID_MESSAGE,
  INVITATION_VALID_HOURS,
  LAST_ADMINISTRATOR_MESSAGES,
} from '../../../shared/rules/team.ts';
import { HOUR_MS } from '../../../shared/time.ts';
import { newId } from '../../db/values.ts';
import {
  asAdmin,
  createAdmin,
  createTestApp,
  expectAuthenticationRequired,
  expectBadRequest,
  expectNotFound,
  loginRequest,
  signedInAppForEachTest,
  signIn,
  storedInquiry,
  TEST_ADMIN,
  TEST_DIALECTS,
  TEST_ORIGIN,
} from '../../test-support/test-app.ts';
import { INVITATION_FAILURES_PER_ADDRESS_PER_HOUR } from './invitations.ts';
import { TEAM_MESSAGES } from './routes.ts';

const BASE = '/api/admin/users';
const PASSWORD = 'a long enough password';

describe.each(TEST_DIALECTS)('team API (%s)', (dialect) => {
  const t = signedInAppForEachTest(dialect);

  /** A call as the signed-in administrator, or as `cookie`'s user, or (null) without a session. */
  const api = (
    method: InjectOptions['method'],
    url: string,
    payload?: object,
    cookie: string | null = t.cookie,
  ) =>
    t.app.inject(
      asAdmin(cookie ?? undefined, { method, url, ...(payload === undefined ? {} : { payload }) }),
    );
  const add = async (payload: object): Promise<TeamMemberCredentials> => {
    const response = await api('POST', BASE, payload);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    return response.json().data;
  };
  /** A user made through the API with a typed password, signed in: their id and session cookie. */
  const addSignedIn = async (email: string, role: Role, name = 'Ravi') => {
    const { user } = await add({ email, name, role, password: PASSWORD });
    return { id: user._id, cookie: await signIn(t.app, { email, password: PASSWORD }) };
  };
  const list = async (): Promise<TeamMember[]> => {
    const response = await api('GET', BASE);
    expect(response.statusCode).toBe(200);
    return response.json().users;
  };
  const userNamed = async (email: string) => (await list()).find((user) => user.email === email);
  const ownerId = async () => (await userNamed(TEST_ADMIN.email))!._id;
  const me = (cookie: string) => api('GET', '/api/admin/me', undefined, cookie);
  const signInStatus = async (email: string, password: string) =>
    (await t.app.inject(loginRequest({ email, password }))).statusCode;
  const invitation = (action: 'check' | 'accept', payload: object, remoteAddress?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/invitation/${action}`,
      headers: { origin: TEST_ORIGIN },
      payload,
      ...(remoteAddress ? { remoteAddress } : {}),
    });
  const tokenOf = (url: string | null) => new URL(url!).hash.slice(1);

  describe('access', () => {
    const calls = (id: string): [InjectOptions['method'], string, object?][] => [
      ['GET', BASE],
      ['POST', BASE, { email: 'new@example.com', name: 'New', role: 'administrator', password: PASSWORD }],
      ['POST', BASE, { email: 'bad', name: '\u0000' }],
      ['PATCH', `${BASE}/${id}`, { role: 'agent' }],
      ['PATCH', `${BASE}/${id}`, { disabled: true }],
      ['PATCH', `${BASE}/not-a-uuid`, {}],
      ['DELETE', `${BASE}/${id}`],
      ['POST', `${BASE}/${id}/password`, { password: 'taken over password' }],
      ['POST', `${BASE}/${id}/invitation`],
    ];

    it('answers 401 without a session and 403 to agents and editors, before validation, changing nothing', async () => {
      const owner = await ownerId();
      const agent = await addSignedIn('agent@example.com', 'agent');
      const editor = await addSignedIn('editor@example.com', 'editor');
      const before = await list();
      for (const [method, url, payload] of calls(owner)) {
        expectAuthenticationRequired(await api(method, url, payload, null));
        for (const cookie of [agent.cookie, editor.cookie]) {
          const response = await api(method, url, payload, cookie);
          expect(response.statusCode, `${method} ${url}`).toBe(403);
          expect(response.json()).toEqual({ success: false, code: 'FORBIDDEN', message: FORBIDDEN_MESSAGE });
        }
      }
      expect(await list()).toEqual(before);
      expect(await signInStatus(TEST_ADMIN.email, TEST_ADMIN.password)).toBe(200);
    });
  });

  describe('list', () => {
    it('shows every user by name with role, status, two-factor and last sign-in', async () => {
      await add({ email: 'zoya@example.com', name: 'zoya', role: 'editor', password: PASSWORD });
      const { user: invited } = await add({
        email: 'arjun@example.com',
        name: 'Arjun',
        role: 'agent',
        invite: true,
      });
      const { user: off } = await add({ email: 'meera@example.com', name: 'Meera', role: 'agent' });
      expect((await api('PATCH', `${BASE}/${off._id}`, { disabled: true })).statusCode).toBe(200);
      await t.database.db
        .updateTable('admins')
        .set({ totpEnabledAt: new Date().toISOString() })
        .where('email', '=', 'zoya@example.com')
        .execute();

      const users = await list();
      expect(users.map((user) => user.name)).toEqual(['Arjun', 'Meera', 'Owner', 'zoya']);
      expect(users).toEqual([
        expect.objectContaining({ _id: invited._id, role: 'agent', status: 'invited', twoFactor: false }),
        expect.objectContaining({ _id: off._id, status: 'disabled', lastSignInAt: null }),
        expect.objectContaining({
          email: TEST_ADMIN.email,
          role: 'administrator',
          status: 'active',
          lastSignInAt: expect.any(String),
        }),
        expect.objectContaining({
          email: 'zoya@example.com',
          role: 'editor',
          status: 'active',
          twoFactor: true,
        }),
      ]);
      for (const user of users) {
        expect(Object.keys(user).sort()).toEqual(
          ['_id', 'createdAt', 'email', 'lastSignInAt', 'name', 'role', 'status', 'twoFactor'].sort(),
        );
      }
    });
  });

  describe('adding a user', () => {
    it('with a typed password: the person signs in with their role', async () => {
      const created = await add({
        email: ' Ravi@Example.com ',
        name: '  Ravi Kumar ',
        role: 'agent',
        password: PASSWORD,
      });
      expect(created).toEqual({
        user: expect.objectContaining({
          email: 'ravi@example.com',
          name: 'Ravi Kumar',
          role: 'agent',
          status: 'active',
        }),
        password: PASSWORD,
        invitationUrl: null,
        invitationExpiresAt: null,
      });
      const cookie = await signIn(t.app, { email: 'ravi@example.com', password: PASSWORD });
      // A password the administrator typed is theirs too: Ravi is asked to choose his own, until he does.
      expect((await me(cookie)).json().admin).toMatchObject({
        name: 'Ravi Kumar',
        role: 'agent',
        passwordToChange: true,
      });
      const changed = await api(
        'POST',
        '/api/admin/password',
        { currentPassword: PASSWORD, newPassword: 'ravi chose this one' },
        cookie,
      );
      expect(changed.statusCode, changed.body).toBe(200);
      expect((await me(cookie)).json().admin.passwordToChange).toBe(false);
      // The administrator was never asked.
      expect((await me(t.cookie)).json().admin.passwordToChange).toBe(false);
    });

    it('without a password: a generated one is shown once and works', async () => {
      const created = await add({ email: 'ravi@example.com', name: 'Ravi', role: 'editor', password: '' });
      expect(created.password).toMatch(/^[A-Za-z0-9]{16}$/);
      expect(created.invitationUrl).toBeNull();
      const cookie = await signIn(t.app, { email: 'ravi@example.com', password: created.password! });
      expect((await me(cookie)).json().admin.passwordToChange).toBe(true);
      expect(JSON.stringify(await list())).not.toContain(created.password);
    });

    it('refuses an email another user has, in any case, with 409 on the email field', async () => {
      const response = await api('POST', BASE, {
        email: 'OWNER@example.com',
        name: 'Impostor',
        role: 'administrator',
        password: PASSWORD,
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        success: false,
        code: 'CONFLICT',
        message: TEAM_MESSAGES.emailTaken,
        errors: { email: TEAM_MESSAGES.emailTaken },
      });
      expect(await list()).toHaveLength(1);
    });

    it('adds one user of two parallel adds with the same email; the other gets 409', async () => {
      const payload = { email: 'twice@example.com', name: 'Twice', role: 'agent', password: PASSWORD };
      const answers = await Promise.all([api('POST', BASE, payload), api('POST', BASE, payload)]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
      expect((await list()).filter((user) => user.email === 'twice@example.com')).toHaveLength(1);
    });

    const valid = { email: 'new@example.com', name: 'New', role: 'agent' };
    it.each([
      ['a name with a control character', { ...valid, name: 'Ra\u0000vi' }, 'name'],
      ['a name with an escape sequence', { ...valid, name: 'Ravi\u001b[31m' }, 'name'],
      ['a name with a line break', { ...valid, name: 'Ravi\nKumar' }, 'name'],
      ['a name of spaces', { ...valid, name: '   ' }, 'name'],
      ['a name too long', { ...valid, name: 'x'.repeat(101) }, 'name'],
      ['a huge name', { ...valid, name: 'x'.repeat(50_000) }, 'name'],
      ['no name', { email: 'new@example.com', role: 'agent' }, 'name'],
      ['an email with a control character', { ...valid, email: 'new\u0007@example.com' }, 'email'],
      ['a huge email', { ...valid, email: `${'x'.repeat(50_000)}@example.com` }, 'email'],
      ['no email', { name: 'New', role: 'agent' }, 'email'],
      ['an unknown role', { ...valid, role: 'owner' }, 'role'],
      ['a short password', { ...valid, password: 'short' }, 'password'],
      ['a huge password', { ...valid, password: 'x'.repeat(50_000) }, 'password'],
      [
        'a password with a control character',
        { ...valid, password: 'long enough\u0000password' },
        'password',
      ],
      ['a password with an invitation', { ...valid, password: PASSWORD, invite: true }, 'password'],
      ['invite not a boolean', { ...valid, invite: 'yes' }, 'invite'],
    ])('refuses %s with 400, without echoing it', async (_, payload, field) => {
      const response = await api('POST', BASE, payload);
      expectBadRequest(response, field);
      const value = (payload as Record<string, unknown>)[field];
      if (typeof value === 'string' && value.trim().length >= 5)
        expect(response.body).not.toContain(JSON.stringify(value).slice(1, -1));
      expect(await list()).toHaveLength(1);
    });
  });

  describe('changing a user', () => {
    it('renames a user and changes their role, which applies at their next request', async () => {
      const agent = await addSignedIn('agent@example.com', 'agent');
      expect((await api('GET', BASE, undefined, agent.cookie)).statusCode).toBe(403);

      const promoted = await api('PATCH', `${BASE}/${agent.id}`, { role: 'administrator', name: 'Ravi K' });
      expect(promoted.statusCode).toBe(200);
      expect(promoted.json()).toEqual({
        success: true,
        message: TEAM_MESSAGES.updated,
        data: expect.objectContaining({ name: 'Ravi K', role: 'administrator', status: 'active' }),
      });
      // The same session, without signing in again.
      expect((await api('GET', BASE, undefined, agent.cookie)).statusCode).toBe(200);
      expect((await me(agent.cookie)).json().admin).toMatchObject({ name: 'Ravi K', role: 'administrator' });

      expect((await api('PATCH', `${BASE}/${agent.id}`, { role: 'editor' })).statusCode).toBe(200);
      expect((await api('GET', BASE, undefined, agent.cookie)).statusCode).toBe(403);
      expect((await api('GET', '/api/blogs/admin/all', undefined, agent.cookie)).statusCode).toBe(200);
    });

    it('disables a user: their open session stops and they cannot sign in, until enabled again', async () => {
      const agent = await addSignedIn('agent@example.com', 'agent');
      const disabled = await api('PATCH', `${BASE}/${agent.id}`, { disabled: true });
      expect(disabled.statusCode).toBe(200);
      expect(disabled.json().data.status).toBe('disabled');
      expectAuthenticationRequired(await me(agent.cookie));

      const refused = await t.app.inject(loginRequest({ email: 'agent@example.com', password: PASSWORD }));
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        success: false,
        code: 'FORBIDDEN',
        message: ACCOUNT_DISABLED_MESSAGE,
      });
      expect((await me(t.cookie)).statusCode).toBe(200);

      const enabled = await api('PATCH', `${BASE}/${agent.id}`, { disabled: false });
      expect(enabled.json().data.status).toBe('active');
      expect(
        (await me(await signIn(t.app, { email: 'agent@example.com', password: PASSWORD }))).statusCode,
      ).toBe(200);
    });

    it.each([
      ['nothing', {}, '_'],
      ['a name with a control character', { name: 'a\u0000b' }, 'name'],
      ['a huge name', { name: 'x'.repeat(50_000) }, 'name'],
      ['an empty name', { name: ' ' }, 'name'],
      ['an unknown role', { role: 'root' }, 'role'],
      ['disabled not a boolean', { disabled: 'true' }, 'disabled'],
    ])('refuses %s with 400', async (_, payload, field) => {
      const { user } = await add({ email: 'agent@example.com', name: 'Agent', role: 'agent' });
      const response = await api('PATCH', `${BASE}/${user._id}`, payload);
      expectBadRequest(response, field);
      expect(response.body).not.toContain('xxxxxxxxxx');
      expect(await userNamed('agent@example.com')).toEqual(user);
    });

    it('answers 400 to an id that is not one and 404 to an unknown user, on every call', async () => {
      const unknown = newId();
      expectBadRequest(await api('PATCH', `${BASE}/${'a'.repeat(5000)}`, { name: 'X' }), 'id');
      expectBadRequest(await api('DELETE', `${BASE}/x%00y`), 'id');
      expectNotFound(await api('PATCH', `${BASE}/${unknown}`, { name: 'X' }), TEAM_MESSAGES.notFound);
      expectNotFound(await api('DELETE', `${BASE}/${unknown}`), TEAM_MESSAGES.notFound);
      expectNotFound(await api('POST', `${BASE}/${unknown}/password`, {}), TEAM_MESSAGES.notFound);
      expectNotFound(await api('POST', `${BASE}/${unknown}/invitation`), TEAM_MESSAGES.notFound);
    });
  });

  describe('the last active administrator', () => {
    it('can never be deleted, disabled or demoted: invited and disabled administrators do not count', async () => {
      await add({ email: 'invited@example.com', name: 'Invited', role: 'administrator', invite: true });
      const { user: off } = await add({ email: 'off@example.com', name: 'Off', role: 'administrator' });
      await api('PATCH', `${BASE}/${off._id}`, { disabled: true });
      const owner = await ownerId();

      for (const [method, payload, message] of [
        ['PATCH', { role: 'agent' }, LAST_ADMINISTRATOR_MESSAGES.demote],
        ['PATCH', { role: 'editor', name: 'Still me' }, LAST_ADMINISTRATOR_MESSAGES.demote],
        ['PATCH', { disabled: true }, LAST_ADMINISTRATOR_MESSAGES.disable],
        ['DELETE', undefined, LAST_ADMINISTRATOR_MESSAGES.delete],
      ] as const) {
        const response = await api(method, `${BASE}/${owner}`, payload);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ success: false, code: 'BAD_REQUEST', message });
      }
      expect(await userNamed(TEST_ADMIN.email)).toMatchObject({
        name: 'Owner',
        role: 'administrator',
        status: 'active',
      });
      // Renaming, or "changing" to the same role, leaves the administrators as they are.
      expect(
        (await api('PATCH', `${BASE}/${owner}`, { role: 'administrator', name: 'Boss' })).statusCode,
      ).toBe(200);
    });

    it('may step down once another administrator is active, and then loses the team at once', async () => {
      await addSignedIn('second@example.com', 'administrator');
      const response = await api('PATCH', `${BASE}/${await ownerId()}`, { role: 'agent' });
      expect(response.statusCode).toBe(200);
      expect((await api('GET', BASE)).statusCode).toBe(403);
    });

    it('an administrator cannot delete or disable their own account while others could', async () => {
      const second = await addSignedIn('second@example.com', 'administrator');
      const owner = await ownerId();
      expect((await api('DELETE', `${BASE}/${owner}`)).json()).toEqual({
        success: false,
        code: 'BAD_REQUEST',
        message: TEAM_MESSAGES.deleteSelf,
      });
      const disable = await api('PATCH', `${BASE}/${owner}`, { disabled: true });
      expect(disable.statusCode).toBe(400);
      expect(disable.json().message).toBe(TEAM_MESSAGES.disableSelf);
      expect((await me(t.cookie)).statusCode).toBe(200);
      // Another administrator can.
      expect((await api('PATCH', `${BASE}/${owner}`, { disabled: true }, second.cookie)).statusCode).toBe(
        200,
      );
    });

    it.each([
      ['demote', { role: 'agent' }],
      ['disable', { disabled: true }],
      ['delete', undefined],
    ] as const)('survives two administrators who %s each other at the same moment', async (_, payload) => {
      const method = payload === undefined ? 'DELETE' : 'PATCH';
      const cookies = new Map([[TEST_ADMIN.email, t.cookie]]);
      let survivor = TEST_ADMIN.email;
      for (let round = 0; round < 6; round++) {
        // The one administrator adds two, then steps down: those two are the only active administrators.
        const a = await addSignedIn(`a${round}@example.com`, 'administrator');
        const b = await addSignedIn(`b${round}@example.com`, 'administrator');
        cookies.set(`a${round}@example.com`, a.cookie).set(`b${round}@example.com`, b.cookie);
        const leader = cookies.get(survivor)!;
        const leaderId = (await userNamed(survivor))!._id;
        expect((await api('PATCH', `${BASE}/${leaderId}`, { role: 'agent' }, leader)).statusCode).toBe(200);

        const answers = await Promise.all([
          api(method, `${BASE}/${b.id}`, payload, a.cookie),
          api(method, `${BASE}/${a.id}`, payload, b.cookie),
        ]);
        const statuses = answers.map((answer) => answer.statusCode);
        // One goes through; the other is refused as the last administrator, or (when the first committed
        // before it was let in) as no longer an administrator or no longer signed in.
        expect(
          statuses.filter((status) => status === 200),
          JSON.stringify(statuses),
        ).toHaveLength(1);
        expect(statuses.filter((status) => [400, 401, 403].includes(status))).toHaveLength(1);
        const active = await t.database.db
          .selectFrom('admins')
          .select('email')
          .where('role', '=', 'administrator')
          .where('disabledAt', 'is', null)
          .execute();
        expect(active).toHaveLength(1);
        survivor = active[0]!.email;
        t.cookie = cookies.get(survivor)!;
      }
    });
  });

  describe('password reset', () => {
    it('answers a sign-in link, never a password, and signs the user out everywhere, not the administrator', async () => {
      const agent = await addSignedIn('agent@example.com', 'agent');
      const secondSession = await signIn(t.app, { email: 'agent@example.com', password: PASSWORD });

      // A password in the body is not taken: nobody but the user ever chooses or sees it.
      const reset = await api('POST', `${BASE}/${agent.id}/password`, { password: 'chosen by the admin' });
      expect(reset.statusCode).toBe(200);
      expect(reset.headers['cache-control']).toBe('no-store');
      const { data } = reset.json<{ data: TeamMemberCredentials }>();
      expect(reset.json()).toEqual({
        success: true,
        message: TEAM_MESSAGES.passwordReset,
        data: {
          user: expect.objectContaining({ _id: agent.id, status: 'invited' }),
          password: null,
          invitationUrl: expect.stringMatching(
            new RegExp(`^${TEST_ORIGIN}/admin/invitation#[A-Za-z0-9_-]{43}$`),
          ),
          invitationExpiresAt: new Date(t.clock() + INVITATION_VALID_HOURS * HOUR_MS).toISOString(),
        },
      });
      expectAuthenticationRequired(await me(agent.cookie));
      expectAuthenticationRequired(await me(secondSession));
      expect((await me(t.cookie)).statusCode).toBe(200);
      expect(await signInStatus('agent@example.com', PASSWORD)).toBe(401);
      expect(await signInStatus('agent@example.com', 'chosen by the admin')).toBe(401);

      const accepted = await invitation('accept', {
        token: tokenOf(data.invitationUrl),
        password: 'my own new password',
      });
      expect(accepted.statusCode).toBe(200);
      expect(await signInStatus('agent@example.com', 'my own new password')).toBe(200);
    });

    it('refuses one’s own password, which My Profile changes with the current one', async () => {
      const response = await api('POST', `${BASE}/${await ownerId()}/password`, {});
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(TEAM_MESSAGES.resetSelf);
      expect((await me(t.cookie)).statusCode).toBe(200);
      expect(await signInStatus(TEST_ADMIN.email, TEST_ADMIN.password)).toBe(200);
    });

    it('of an invited user replaces their link with a new one', async () => {
      const { user, invitationUrl } = await add({
        email: 'new@example.com',
        name: 'New',
        role: 'agent',
        invite: true,
      });
      const renewed = await api('POST', `${BASE}/${user._id}/password`);
      expectNotFound(
        await invitation('check', { token: tokenOf(invitationUrl) }),
        INVITATION_INVALID_MESSAGE,
      );
      const token = tokenOf(renewed.json().data.invitationUrl);
      expect((await invitation('check', { token })).statusCode).toBe(200);
    });
  });

  describe('invitations', () => {
    it('an invited person sees whose link it is, sets their password once, then signs in', async () => {
      const created = await add({ email: 'new@example.com', name: 'Nisha', role: 'editor', invite: true });
      expect(created.password).toBeNull();
      expect(created.user.status).toBe('invited');
      expect(created.invitationUrl).toMatch(
        new RegExp(`^${TEST_ORIGIN}/admin/invitation#[A-Za-z0-9_-]{43}$`),
      );
      expect(Date.parse(created.invitationExpiresAt!)).toBe(t.clock() + INVITATION_VALID_HOURS * HOUR_MS);
      // Nothing signs in before the link is used.
      expect(await signInStatus('new@example.com', '')).toBe(400);
      expect(await signInStatus('new@example.com', 'anything at all')).toBe(401);

      const token = tokenOf(created.invitationUrl);
      const check = await invitation('check', { token });
      expect(check.statusCode).toBe(200);
      expect(check.json<InvitationInfo>()).toEqual({
        email: 'new@example.com',
        name: 'Nisha',
        expiresAt: created.invitationExpiresAt,
      });

      expectBadRequest(await invitation('accept', { token, password: 'short' }), 'password');
      const accepted = await invitation('accept', { token, password: PASSWORD });
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json()).toEqual({ success: true, message: TEAM_MESSAGES.invitationAccepted });
      expect((await userNamed('new@example.com'))?.status).toBe('active');
      const cookie = await signIn(t.app, { email: 'new@example.com', password: PASSWORD });
      // She chose her password herself: nothing is suggested.
      expect((await me(cookie)).json().admin).toMatchObject({
        role: 'editor',
        name: 'Nisha',
        passwordToChange: false,
      });

      // The link has ended.
      expectNotFound(await invitation('check', { token }), INVITATION_INVALID_MESSAGE);
      expectNotFound(
        await invitation('accept', { token, password: 'taken over password' }),
        INVITATION_INVALID_MESSAGE,
      );
      expect(await signInStatus('new@example.com', PASSWORD)).toBe(200);
    });

    it('a link stops working after 48 hours; a new one works and ends the older ones', async () => {
      const created = await add({ email: 'new@example.com', name: 'Nisha', role: 'agent', invite: true });
      const first = tokenOf(created.invitationUrl);
      t.clock.advance(INVITATION_VALID_HOURS * HOUR_MS - 1000);
      expect((await invitation('check', { token: first })).statusCode).toBe(200);
      t.clock.advance(1000);
      expectNotFound(await invitation('check', { token: first }), INVITATION_INVALID_MESSAGE);
      // The administrator's session has ended meanwhile too.
      t.cookie = await signIn(t.app);
      expectNotFound(
        await invitation('accept', { token: first, password: PASSWORD }),
        INVITATION_INVALID_MESSAGE,
      );

      const renewed = await api('POST', `${BASE}/${created.user._id}/invitation`);
      expect(renewed.statusCode).toBe(200);
      expect(renewed.headers['cache-control']).toBe('no-store');
      expect(renewed.json()).toMatchObject({ success: true, message: TEAM_MESSAGES.invitationRenewed });
      const second = tokenOf(renewed.json().data.invitationUrl);
      const third = tokenOf(
        (await api('POST', `${BASE}/${created.user._id}/invitation`)).json().data.invitationUrl,
      );
      expectNotFound(await invitation('check', { token: second }), INVITATION_INVALID_MESSAGE);
      expect((await invitation('accept', { token: third, password: PASSWORD })).statusCode).toBe(200);
      expect(await signInStatus('new@example.com', PASSWORD)).toBe(200);
    });

    it('a link of a disabled user does not work; one for a user with a password replaces it and signs them out', async () => {
      const agent = await addSignedIn('agent@example.com', 'agent');
      const token = tokenOf((await api('POST', `${BASE}/${agent.id}/invitation`)).json().data.invitationUrl);
      await api('PATCH', `${BASE}/${agent.id}`, { disabled: true });
      expectNotFound(await invitation('check', { token }), INVITATION_INVALID_MESSAGE);
      expectNotFound(
        await invitation('accept', { token, password: 'new password 1' }),
        INVITATION_INVALID_MESSAGE,
      );

      await api('PATCH', `${BASE}/${agent.id}`, { disabled: false });
      const again = await signIn(t.app, { email: 'agent@example.com', password: PASSWORD });
      expect((await invitation('accept', { token, password: 'new password 1' })).statusCode).toBe(200);
      expectAuthenticationRequired(await me(again));
      expect(await signInStatus('agent@example.com', 'new password 1')).toBe(200);
    });

    it('only one of two parallel accepts of one link sets the password', async () => {
      const { invitationUrl } = await add({
        email: 'new@example.com',
        name: 'Nisha',
        role: 'agent',
        invite: true,
      });
      const token = tokenOf(invitationUrl);
      const answers = await Promise.all([
        invitation('accept', { token, password: 'first password 1' }),
        invitation('accept', { token, password: 'second password 2' }),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 404]);
      const winner = answers[0]!.statusCode === 200 ? 'first password 1' : 'second password 2';
      expect(await signInStatus('new@example.com', winner)).toBe(200);
    });

    it.each([
      ['no token', {}],
      ['an empty token', { token: '' }],
      ['a huge token', { token: 'x'.repeat(50_000) }],
      ['a token not a string', { token: 42 }],
    ])('refuses %s with 400', async (_, payload) => {
      expectBadRequest(await invitation('check', payload), 'token');
      expectBadRequest(await invitation('accept', { ...payload, password: PASSWORD }), 'token');
    });

    it('refuses a token with control characters with 400', async () => {
      expectBadRequest(
        await invitation('check', { token: 'a\u0000b' }),
        'token',
        'Invitation link must not contain control characters',
      );
    });

    it('throttles unknown links tried from one address, not the others', async () => {
      const { invitationUrl } = await add({
        email: 'new@example.com',
        name: 'Nisha',
        role: 'agent',
        invite: true,
      });
      const attacker = '203.0.113.7';
      for (let i = 0; i < INVITATION_FAILURES_PER_ADDRESS_PER_HOUR; i++) {
        const action = i % 2 === 0 ? 'check' : 'accept';
        expect(
          (await invitation(action, { token: `guess-${i}`, password: PASSWORD }, attacker)).statusCode,
        ).toBe(404);
      }
      const refused = await invitation('check', { token: tokenOf(invitationUrl) }, attacker);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(
        /^Too many invitation links tried from your network\. Please try again in \d+ minutes?\./,
      );
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(
        (await invitation('accept', { token: tokenOf(invitationUrl), password: PASSWORD }, attacker))
          .statusCode,
      ).toBe(429);

      const person = '198.51.100.20';
      expect((await invitation('check', { token: tokenOf(invitationUrl) }, person)).statusCode).toBe(200);
      expect(
        (await invitation('accept', { token: tokenOf(invitationUrl), password: PASSWORD }, person))
          .statusCode,
      ).toBe(200);
    });

    it('a person using a valid link is never counted against their address', async () => {
      const shared = '198.51.100.30';
      for (let i = 0; i < INVITATION_FAILURES_PER_ADDRESS_PER_HOUR + 5; i++) {
        const { invitationUrl } = await add({
          email: `n${i}@example.com`,
          name: `N ${i}`,
          role: 'agent',
          invite: true,
        });
        expect((await invitation('check', { token: tokenOf(invitationUrl) }, shared)).statusCode).toBe(200);
      }
    });
  });

  describe('deleting a user', () => {
    it('ends their sessions, devices and invitations; notes and history keep their name', async () => {
      const agent = await addSignedIn('agent@example.com', 'agent', 'Ravi Kumar');
      const token = tokenOf((await api('POST', `${BASE}/${agent.id}/invitation`)).json().data.invitationUrl);
      const now = new Date().toISOString();
      const { db } = t.database;
      await db
        .insertInto('pushSubscriptions')
        .values({
          id: newId(),
          adminId: agent.id,
          endpoint: 'https://push.example.com/1',
          p256dh: 'key',
          auth: 'auth',
          deviceName: 'Phone',
          createdAt: now,
        })
        .execute();
      const inquiry = storedInquiry(now, { assignedTo: agent.id });
      await db.insertInto('contactInquiries').values(inquiry).execute();
      await db
        .insertInto('inquiryNotes')
        .values({
          id: newId(),
          inquiryId: inquiry.id,
          authorId: agent.id,
          authorName: 'Ravi Kumar',
          body: 'Called back',
          createdAt: now,
          updatedAt: now,
        })
        .execute();
      await db
        .insertInto('inquiryEvents')
        .values({
          id: newId(),
          inquiryId: inquiry.id,
          actorId: agent.id,
          actorName: 'Ravi Kumar',
          kind: 'assigned',
          detail: '{}',
          createdAt: now,
        })
        .execute();

      const response = await api('DELETE', `${BASE}/${agent.id}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, message: TEAM_MESSAGES.deleted });

      expectAuthenticationRequired(await me(agent.cookie));
      expect(await signInStatus('agent@example.com', PASSWORD)).toBe(401);
      expectNotFound(await invitation('check', { token }), INVITATION_INVALID_MESSAGE);
      expect(await userNamed('agent@example.com')).toBeUndefined();
      expect(await db.selectFrom('pushSubscriptions').selectAll().execute()).toEqual([]);
      expect(
        await db.selectFrom('adminSessions').select('adminId').where('adminId', '=', agent.id).execute(),
      ).toEqual([]);
      expect(await db.selectFrom('inquiryNotes').select(['authorId', 'authorName']).execute()).toEqual([
        { authorId: null, authorName: 'Ravi Kumar' },
      ]);
      expect(await db.selectFrom('inquiryEvents').select(['actorId', 'actorName']).execute()).toEqual([
        { actorId: null, actorName: 'Ravi Kumar' },
      ]);
      expect(await db.selectFrom('contactInquiries').select('assignedTo').execute()).toEqual([
        { assignedTo: null },
      ]);
      expectNotFound(await api('DELETE', `${BASE}/${agent.id}`), TEAM_MESSAGES.notFound);
      // The email is free again.
      await add({ email: 'agent@example.com', name: 'Ravi', role: 'agent' });
    });
  });
});

describe.each(TEST_DIALECTS)('team invitation links with PUBLIC_ORIGIN (%s)', (dialect) => {
  it('name the public address, whatever the request’s host', async () => {
    const origin = 'https://support.example.in';
    const t = await createTestApp(dialect, { PUBLIC_ORIGIN: origin });
    try {
      await createAdmin(t.database);
      const cookie = await signIn(t.app, TEST_ADMIN, origin);
      const response = await t.app.inject({
        method: 'POST',
        url: BASE,
        headers: { origin, cookie, host: 'other.example.com' },
        payload: { email: 'new@example.com', name: 'Nisha', role: 'agent', invite: true },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().data.invitationUrl).toMatch(
        /^https:\/\/support\.example\.in\/admin\/invitation#/,
      );
    } finally {
      await t.close();
    }
  });
});
