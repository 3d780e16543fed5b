import { describe, expect, it } from 'vitest';
import { signIn, TEST_DIALECTS, testAppForEachTest } from '../test-support/test-app.ts';
import { runAdminCommand } from './admin-command.ts';

describe.each(TEST_DIALECTS)('admin command (%s)', (dialect) => {
  const t = testAppForEachTest(dialect);

  it('creates an admin with a generated password that signs in', async () => {
    const output = await runAdminCommand(['create', 'Boss@Example.com'], t.database);
    const password = /password: (\S+)/.exec(output)?.[1];
    expect(password).toHaveLength(16);
    await expect(signIn(t.app, { email: 'boss@example.com', password: password! })).resolves.toMatch(
      /sampark_session=/,
    );
    await expect(runAdminCommand(['create', 'boss@example.com'], t.database)).rejects.toThrow(
      /already exists/,
    );
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
  });
});
