import path from 'node:path';
import { ConfigError, loadConfig } from '../config.ts';
import { BackupError } from '../features/backups/backup-error.ts';
import { runRestoreCommand } from './restore-command.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  // npm runs scripts in the project's directory; a relative file name means one in the caller's.
  const callerDirectory = process.env.INIT_CWD ?? process.cwd();
  const argv = process.argv
    .slice(2)
    .map((arg) => (arg.startsWith('-') ? arg : path.resolve(callerDirectory, arg)));
  await runRestoreCommand(argv, config, {
    print: (line) => console.log(line),
    progress: process.stderr,
  });
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof BackupError || error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
