import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import {
  asAdmin,
  migrateTestDatabase,
  openTestDatabase,
  signIn,
  TEST_DIALECTS,
  testAppForEachTest,
} from '../../test-support/test-app.ts';
import { createAdminRepository } from './admin-repository.ts';
import { ensureFirstAdmin } from './bootstrap.ts';

describe('first start', () => {
  const t = testAppForEachTest('sqlite');
  const me = async (cookie: string) =>
    (await t.app.inject(asAdmin(cookie, { method: 'GET', url: '/api/admin/me' }))).json();

  it('creates the first admin with a generated password printed once', async () => {
    const printed: string[] = [];
    const admins = createAdminRepository(t.database.db);
    await ensureFirstAdmin(admins, loadConfig({ ADMIN_EMAIL: 'owner@shop.in' }), (m) => printed.push(m));
    const password = /password: (\S+)/.exec(printed.join('\n'))?.[1];
    expect(password).toBeDefined();
    const cookie = await signIn(t.app, { email: 'owner@shop.in', password: password! });
    // Read off a log, it is one to change: the back office suggests it.
    expect((await me(cookie)).admin.passwordToChange).toBe(true);

    await ensureFirstAdmin(admins, loadConfig({ ADMIN_EMAIL: 'owner@shop.in' }), (m) => printed.push(m));
    expect(printed).toHaveLength(1);
  });

  it('uses ADMIN_PASSWORD without printing it', async () => {
    const printed: string[] = [];
    const config = loadConfig({ ADMIN_EMAIL: 'owner@shop.in', ADMIN_PASSWORD: 'from the environment' });
    await ensureFirstAdmin(createAdminRepository(t.database.db), config, (m) => printed.push(m));
    expect(printed.join('\n')).not.toContain('from the environment');
    const cookie = await signIn(t.app, { email: 'owner@shop.in', password: 'from the environment' });
    expect((await me(cookie)).admin.passwordToChange).toBe(false);
  });
});

describe.each(TEST_DIALECTS)('two instances starting at once on a new %s database', (dialect) => {
  it('both start; one creates the first admin and prints its password, the other prints nothing', async () => {
    const { database, reopen, dispose } = await openTestDatabase(dialect);
    await migrateTestDatabase(database);
    const other = await reopen();
    try {
      const printed: string[] = [];
      const config = loadConfig({ ADMIN_EMAIL: 'owner@shop.in' });
      await Promise.all(
        [database, other].map((connection) =>
          ensureFirstAdmin(createAdminRepository(connection.db), config, (m) => printed.push(m)),
        ),
      );
      expect(await createAdminRepository(database.db).count()).toBe(1);
      expect(printed).toHaveLength(1);
      expect(printed[0]).toMatch(/password: \S+/);
    } finally {
      await other.close();
      await dispose();
    }
  });
});
