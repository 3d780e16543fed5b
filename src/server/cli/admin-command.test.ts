import { describe, expect, it } from 'vitest';
import { asAdmin, signIn, TEST_DIALECTS, testAppForEachTest } from '../test-support/test-app.ts';
import { runAdminCommand } from './admin-command.ts';

describe.each(TEST_DIALECTS)('admin command (%s)', (dialect) => {
  const t = testAppForEachTest(dialect);
  const passwordToChange = async (cookie: string) =>
    (await t.app.inject(asAdmin(cookie, { method: 'GET', url: '/api/admin/me' }))).json().admin
      .passwordToChange;

  it('creates an admin with a generated password that signs in', async () => {
    const output = await runAdminCommand(['create', 'Boss@Example.com'], t.database);
    const password = /password: (\S+)/.exec(output)?.[1];
    expect(password).toHaveLength(16);
    const cookie = await signIn(t.app, { email: 'boss@example.com', password: password! });
    expect(cookie).toMatch(/sampark_session=/);
    await expect(runAdminCommand(['create', 'boss@example.com'], t.database)).rejects.toThrow(
      /already exists/,
    );
    // Read off a terminal, it is one to change: the back office suggests it.
    expect(await passwordToChange(cookie)).toBe(true);
  });

  it('suggests changing a generated password, not one given with --password', async () => {
    await runAdminCommand(['create', 'boss@example.com', '--password', 'chosen password 1'], t.database);
    const chosen = await signIn(t.app, { email: 'boss@example.com', password: 'chosen password 1' });
    expect(await passwordToChange(chosen)).toBe(false);

    const output = await runAdminCommand(['reset-password', 'boss@example.com'], t.database);
    const generated = /password: (\S+)/.exec(output)?.[1];
    const cookie = await signIn(t.app, { email: 'boss@example.com', password: generated! });
    expect(await passwordToChange(cookie)).toBe(true);
  });

  it('resets a password and signs out the old sessions', async () => {
    await runAdminCommand(['create', 'boss@example.com', '--password', 'first password 1'], t.database);
    const oldSession = await signIn(t.app, { email: 'boss@example.com', password: 'first password 1' });
    const output = await runAdminCommand(
      ['reset-password', 'boss@example.com', '--password', 'second password 2'],
      t.database,
    );
    expect(output).toContain('Password reset for boss@example.com');
    expect(output).not.toContain('second password 2');
    const me = await t.app.inject({ method: 'GET', url: '/api/admin/me', headers: { cookie: oldSession } });
    expect(me.statusCode).toBe(401);
    await expect(signIn(t.app, { email: 'boss@example.com', password: 'first password 1' })).rejects.toThrow(
      /401/,
    );
    await expect(
      signIn(t.app, { email: 'boss@example.com', password: 'second password 2' }),
    ).resolves.toBeTruthy();
  });

  it('creates a user with a role and a name; an administrator by default', async () => {
    const output = await runAdminCommand(
      [
        'create',
        'ravi@example.com',
        '--role',
        'agent',
        '--name',
        ' Ravi Kumar ',
        '--password',
        'agent password 1',
      ],
      t.database,
    );
    expect(output).toBe('Created agent ravi@example.com (Ravi Kumar).');
    const agent = await signIn(t.app, { email: 'ravi@example.com', password: 'agent password 1' });
    const me = await t.app.inject(asAdmin(agent, { method: 'GET', url: '/api/admin/me' }));
    expect(me.json().admin).toMatchObject({ name: 'Ravi Kumar', role: 'agent' });

    expect(
      await runAdminCommand(['create', 'boss@example.com', '--password', 'boss password 1'], t.database),
    ).toBe('Created administrator boss@example.com (boss).');
    const boss = await signIn(t.app, { email: 'boss@example.com', password: 'boss password 1' });
    const team = await t.app.inject(asAdmin(boss, { method: 'GET', url: '/api/admin/users' }));
    expect(team.json().users).toEqual([
      expect.objectContaining({ email: 'boss@example.com', name: 'boss', role: 'administrator' }),
      expect.objectContaining({ email: 'ravi@example.com', name: 'Ravi Kumar', role: 'agent' }),
    ]);
  });

  it('reset-password ends an invitation link still open for the account', async () => {
    await runAdminCommand(['create', 'boss@example.com', '--password', 'boss password 1'], t.database);
    const boss = await signIn(t.app, { email: 'boss@example.com', password: 'boss password 1' });
    const invited = await t.app.inject(
      asAdmin(boss, {
        method: 'POST',
        url: '/api/admin/users',
        payload: { email: 'new@example.com', name: 'New', role: 'editor', invite: true },
      }),
    );
    const token = new URL(invited.json().data.invitationUrl).hash.slice(1);
    await runAdminCommand(['reset-password', 'new@example.com', '--password', 'set by owner 1'], t.database);
    const check = await t.app.inject(
      asAdmin(undefined, { method: 'POST', url: '/api/admin/invitation/check', payload: { token } }),
    );
    expect(check.statusCode).toBe(404);
    await expect(
      signIn(t.app, { email: 'new@example.com', password: 'set by owner 1' }),
    ).resolves.toBeTruthy();
  });

  it('explains its usage and refuses bad input', async () => {
    await expect(runAdminCommand([], t.database)).rejects.toThrow(/Usage:/);
    await expect(runAdminCommand(['create', 'not-an-email'], t.database)).rejects.toThrow(
      /Not a valid email/,
    );
    await expect(runAdminCommand(['create', 'a@b.co', '--password', 'short'], t.database)).rejects.toThrow(
      /at least 10/,
    );
    await expect(runAdminCommand(['reset-password', 'ghost@example.com'], t.database)).rejects.toThrow(
      /No admin/,
    );
    await expect(runAdminCommand(['create', 'a@b.co', '--role', 'owner'], t.database)).rejects.toThrow(
      'Role must be one of: administrator, agent, editor',
    );
    await expect(runAdminCommand(['create', 'a@b.co', '--name', 'a\u0000b'], t.database)).rejects.toThrow(
      'Name must not contain control characters',
    );
    await expect(
      runAdminCommand(['create', 'a@b.co', '--name', 'x'.repeat(101)], t.database),
    ).rejects.toThrow('Name must be at most 100 characters');
    await expect(
      runAdminCommand(['reset-password', 'a@b.co', '--role', 'agent'], t.database),
    ).rejects.toThrow(/for create only/);
  });
});
