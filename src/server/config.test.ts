import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { backupDirectory, ConfigError, databaseTarget, loadConfig } from './config.ts';

describe('configuration', () => {
  it('has working defaults: port 3000 and SQLite under ./data', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBe('file:./data/sampark.db');
    expect(databaseTarget(config.DATABASE_URL)).toEqual({ dialect: 'sqlite', filename: './data/sampark.db' });
    expect(config.SESSION_IDLE_MINUTES).toBe(30);
    expect(config.SESSION_ABSOLUTE_MINUTES).toBe(720);
    expect(config.DEMO_MODE).toBe(false);
    // Decision 027: a backstop per address, the protection per sender and a proof of work when busy.
    expect(config.INQUIRY_LIMIT_PER_HOUR).toBe(100);
    expect(config.INQUIRY_LIMIT_PER_SENDER_PER_HOUR).toBe(5);
    expect(config.INQUIRY_CHALLENGE_AFTER_PER_HOUR).toBe(10);
    expect(config.PROOF_OF_WORK_MAX_COUNTER).toBe(50_000);
    // A restart ends within the 10 s that docker stop waits before SIGKILL.
    expect(config.SHUTDOWN_DRAIN_MS).toBe(0);
    expect(config.SHUTDOWN_TIMEOUT_MS).toBe(9_000);
    expect(config.BACKUP_KEEP_DAYS).toBe(14);
  });

  it('keeps backups beside the SQLite file unless BACKUP_DIR says otherwise', () => {
    const sqlite = databaseTarget('file:/srv/sampark/data/sampark.db');
    expect(backupDirectory(loadConfig({}), sqlite)).toBe('/srv/sampark/data/backups');
    expect(backupDirectory(loadConfig({ BACKUP_DIR: '/mnt/backups' }), sqlite)).toBe('/mnt/backups');
    const postgres = databaseTarget('postgres://postgres@127.0.0.1:5432/sampark');
    expect(backupDirectory(loadConfig({}), postgres)).toBe(path.resolve('data/backups'));
    expect(loadConfig({ BACKUP_KEEP_DAYS: '0' }).BACKUP_KEEP_DAYS).toBe(0);
  });

  it('takes an smtp:// or smtps:// SMTP_URL and a MAIL_FROM of an address or Name <address>', () => {
    expect(loadConfig({}).SMTP_URL).toBeUndefined();
    expect(loadConfig({}).MAIL_FROM).toBeUndefined();
    const url = 'smtps://user:p%40ss@mail.example.com:465';
    expect(loadConfig({ SMTP_URL: url }).SMTP_URL).toBe(url);
    expect(loadConfig({ MAIL_FROM: 'alerts@example.com' }).MAIL_FROM).toEqual({
      address: 'alerts@example.com',
    });
    expect(loadConfig({ MAIL_FROM: '"Apna Support" <alerts@example.com>' }).MAIL_FROM).toEqual({
      name: 'Apna Support',
      address: 'alerts@example.com',
    });
    for (const [name, value] of [
      ['SMTP_URL', 'https://mail.example.com'],
      ['SMTP_URL', 'mail.example.com:587'],
      ['MAIL_FROM', 'Apna Support'],
      ['MAIL_FROM', 'Apna <not an address>'],
    ] as const) {
      expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}: must be`));
    }
  });

  it('reads PUSH_SERVICE_HOSTS as host names written as the URL parser writes them', () => {
    expect(loadConfig({}).PUSH_SERVICE_HOSTS).toEqual([]);
    expect(
      loadConfig({ PUSH_SERVICE_HOSTS: ' Push.Example.com, *.push.example.net,, [0:0::1] ' })
        .PUSH_SERVICE_HOSTS,
    ).toEqual(['push.example.com', '*.push.example.net', '[::1]']);
  });

  it('picks PostgreSQL for a postgres:// URL', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/sampark' });
    expect(databaseTarget(config.DATABASE_URL)).toEqual({
      dialect: 'postgres',
      url: 'postgres://postgres@127.0.0.1:5432/sampark',
    });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ SESSION_IDLE_MINUTES: '0' }, 'SESSION_IDLE_MINUTES'],
    [{ DEMO_MODE: 'maybe' }, 'DEMO_MODE'],
    [{ ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD'],
    [{ PUBLIC_ORIGIN: 'javascript:alert(1)' }, 'PUBLIC_ORIGIN'],
    [{ INQUIRY_LIMIT_PER_HOUR: '0' }, 'INQUIRY_LIMIT_PER_HOUR'],
    [{ INQUIRY_LIMIT_PER_HOUR: 'lots' }, 'INQUIRY_LIMIT_PER_HOUR'],
    [{ BACKUP_KEEP_DAYS: '-1' }, 'BACKUP_KEEP_DAYS'],
    [{ BACKUP_KEEP_DAYS: 'a week' }, 'BACKUP_KEEP_DAYS'],
    [{ BACKUP_KEEP_DAYS: '1.5' }, 'BACKUP_KEEP_DAYS'],
    [{ SESSION_IDLE_MINUTES: '120', SESSION_ABSOLUTE_MINUTES: '60' }, 'SESSION_IDLE_MINUTES'],
    [{ ALLOWED_HOSTS: '*' }, 'ALLOWED_HOSTS'],
    [{ ALLOWED_HOSTS: 'https://shop.example' }, 'ALLOWED_HOSTS'],
    [{ ALLOWED_HOSTS: 'shop.example, two words' }, 'ALLOWED_HOSTS'],
    [{ ALLOWED_HOSTS: 'shop.example:99999' }, 'ALLOWED_HOSTS'],
    [{ ALLOWED_HOSTS: 'shop.example/path' }, 'ALLOWED_HOSTS'],
    [{ PUSH_SERVICE_HOSTS: 'https://push.example.com' }, 'PUSH_SERVICE_HOSTS'],
    [{ PUSH_SERVICE_HOSTS: 'push.example.com:443' }, 'PUSH_SERVICE_HOSTS'],
    [{ PUSH_SERVICE_HOSTS: 'push.example.com, two words' }, 'PUSH_SERVICE_HOSTS'],
    [{ SHUTDOWN_TIMEOUT_MS: '500' }, 'SHUTDOWN_TIMEOUT_MS'],
    [{ SHUTDOWN_DRAIN_MS: '-1' }, 'SHUTDOWN_DRAIN_MS'],
    [{ SHUTDOWN_DRAIN_MS: '9000' }, 'SHUTDOWN_DRAIN_MS'],
  ])('stops with a message naming the variable for %o', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`${name}: `));
  });
});
