import { ConfigError, databaseTarget, loadConfig } from '../config.ts';
import { migrateToLatest, openDatabase } from '../db/database.ts';
import { CliError, runAdminCommand } from './admin-command.ts';

async function main(): Promise<number> {
  const config = loadConfig();
  const database = await openDatabase(databaseTarget(config.DATABASE_URL));
  try {
    await migrateToLatest(database);
    console.log(await runAdminCommand(process.argv.slice(2), database));
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof CliError || error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
