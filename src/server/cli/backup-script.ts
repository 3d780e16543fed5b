import path from 'node:path';
import { type Config, ConfigError, loadConfig } from '../config.ts';
import { BackupError } from '../features/backups/backup-error.ts';

/** Where the commands write: results to `print` (standard output), the progress bar to `progress`. */
export interface CommandOutput {
  print(line: string): void;
  progress: NodeJS.WritableStream;
}

/**
 * `npm run backup` or `npm run restore`: the arguments after the command, the settings, where it writes,
 * and the clock that names files.
 */
export type BackupCommand = (
  argv: string[],
  config: Config,
  output: CommandOutput,
  clock?: () => number,
) => Promise<void>;

/**
 * Runs `npm run backup` or `npm run restore`: the settings from the environment, file names relative to
 * where the caller typed the command, and an error the command expects printed as its message alone.
 */
export function runBackupScript(command: BackupCommand): void {
  const run = async () => {
    const config = loadConfig();
    // npm runs scripts in the project's directory; a relative file name means one in the caller's.
    const callerDirectory = process.env.INIT_CWD ?? process.cwd();
    const argv = process.argv
      .slice(2)
      .map((arg) => (arg.startsWith('-') ? arg : path.resolve(callerDirectory, arg)));
    await command(argv, config, { print: (line) => console.log(line), progress: process.stderr });
  };
  run().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error instanceof BackupError || error instanceof ConfigError ? error.message : error);
      process.exit(1);
    },
  );
}
