import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../shared/time.ts';
import {
  cleanUp,
  commandLine,
  DEPLOY_DIR,
  debianTool,
  readExample,
  run,
  tempDir,
  unitSettings,
} from '../test-support/deploy-examples.ts';

// deploy/sampark-backup-copy.service and .timer: `systemd-analyze verify` on both, then the service's
// commands run as written against a stand-in server. The stand-in replaces only ssh: it runs what the
// server's authorized_keys line in docs/deploy.md forces (rrsync, read-only, limited to the backups).

const systemdAnalyze = debianTool('systemd-analyze', 'systemd');
const rsync = debianTool('rsync', 'rsync');
const rrsync = debianTool('rrsync', 'rsync');
const python3 = debianTool('python3', 'python3');

afterAll(() => cleanUp());

const SERVER_BACKUPS = '/opt/sampark/data/backups';
const COPIES = '/var/backups/sampark';

const settings = unitSettings(readExample('sampark-backup-copy.service'));

/** The forced command of the server's authorized_keys line, as docs/deploy.md gives it. */
function forcedCommand(): string {
  const guide = fs.readFileSync(path.join(DEPLOY_DIR, '..', 'docs', 'deploy.md'), 'utf8');
  const line = /command="([^"]+)",restrict ssh-ed25519/.exec(guide);
  if (!line) throw new Error('docs/deploy.md no longer shows the authorized_keys line of sampark-backup');
  return line[1]!;
}

/** A server's data directory: the backups, and beside them the database and settings no copy may take. */
function standInServer(root: string) {
  const data = path.join(root, 'server', 'data');
  const backups = path.join(data, 'backups');
  fs.mkdirSync(backups, { recursive: true });
  fs.writeFileSync(path.join(data, 'sampark.db'), 'the live database');
  fs.writeFileSync(path.join(data, 'sampark.env'), 'ADMIN_PASSWORD=secret');
  // In place of `ssh -o BatchMode=yes`: drops ssh's options, user and host, and runs the forced command
  // (with the server's directory of this test) on what the client asked for, as sshd would.
  const ssh = path.join(root, 'ssh');
  const command = forcedCommand().replace(SERVER_BACKUPS, backups);
  fs.writeFileSync(
    ssh,
    `#!/bin/sh\nwhile [ "$1" != rsync ]; do shift; done\nSSH_ORIGINAL_COMMAND="$*" exec ${command}\n`,
    { mode: 0o755 },
  );
  return { backups, ssh };
}

/** One of the unit's commands, with this test's directories and ssh stand-in. */
function runUnitCommand(name: string, replacements: Record<string, string>) {
  const [file, ...args] = commandLine(settings.get(name)?.[0] ?? '').map(
    (argument) => replacements[argument] ?? argument,
  );
  const result = spawnSync(file!, args, { encoding: 'utf8', timeout: 30_000 });
  expect(result.status, `${name}: ${result.stderr}`).toBe(0);
}

function backupFile(dir: string, name: string, ageDays = 0) {
  const file = path.join(dir, name);
  fs.writeFileSync(file, `backup ${name}`);
  const time = new Date(Date.now() - ageDays * DAY_MS);
  fs.utimesSync(file, time, time);
}

describe.runIf(systemdAnalyze.runChecks && rsync.runChecks)('deploy/sampark-backup-copy.*', () => {
  it('passes `systemd-analyze verify` without a warning', () => {
    const files = ['sampark-backup-copy.service', 'sampark-backup-copy.timer'];
    rsync.require();
    const verified = run(systemdAnalyze, [
      'verify',
      '--man=no',
      ...files.map((file) => path.join(DEPLOY_DIR, file)),
    ]);
    expect(verified.stderr + verified.stdout).toBe('');
    expect(verified.status).toBe(0);
  });
});

describe.runIf(rsync.runChecks && rrsync.runChecks && python3.runChecks)('the backup copy, run', () => {
  it('copies the backups and nothing beside them, keeps what the server deleted, and forgets copies after 90 days', () => {
    rsync.require();
    rrsync.require();
    python3.require();
    const root = tempDir('backup-copy');
    const server = standInServer(root);
    const copies = path.join(root, 'copies');
    fs.mkdirSync(copies);
    const replacements = {
      'ssh -o BatchMode=yes': server.ssh,
      [`${COPIES}/`]: `${copies}/`,
      [COPIES]: copies,
    };
    const copy = () => runUnitCommand('Service.ExecStart', replacements);
    const prune = () => runUnitCommand('Service.ExecStartPost', replacements);

    backupFile(server.backups, 'sampark-2026-01-01T03-00-00Z.db', 1);
    backupFile(server.backups, 'sampark-2026-01-02T03-00-00Z.db');
    copy();
    expect(fs.readdirSync(copies).sort()).toEqual([
      'sampark-2026-01-01T03-00-00Z.db',
      'sampark-2026-01-02T03-00-00Z.db',
    ]);

    // The server deletes its oldest backup after BACKUP_KEEP_DAYS; the copy keeps it.
    fs.rmSync(path.join(server.backups, 'sampark-2026-01-01T03-00-00Z.db'));
    backupFile(server.backups, 'sampark-2026-01-03T03-00-00Z.db');
    copy();
    expect(fs.readdirSync(copies)).toHaveLength(3);

    backupFile(copies, 'sampark-2025-09-01T03-00-00Z.db', 100);
    backupFile(copies, 'sampark-2025-10-10T03-00-00Z.db', 80);
    prune();
    expect(fs.readdirSync(copies).sort()).toEqual([
      'sampark-2025-10-10T03-00-00Z.db',
      'sampark-2026-01-01T03-00-00Z.db',
      'sampark-2026-01-02T03-00-00Z.db',
      'sampark-2026-01-03T03-00-00Z.db',
    ]);
  });

  it('cannot reach past the backups directory on the server', () => {
    const root = tempDir('backup-copy');
    const server = standInServer(root);
    const result = spawnSync(
      rsync.require(),
      ['--archive', '-e', server.ssh, 'sampark-backup@support.example.in:../', path.join(root, 'taken')],
      { encoding: 'utf8', timeout: 30_000 },
    );
    expect(result.status).not.toBe(0);
    expect(fs.existsSync(path.join(root, 'taken', 'sampark.env'))).toBe(false);
  });
});
