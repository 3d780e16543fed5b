import { runBackupScript } from './backup-script.ts';
import { runRestoreCommand } from './restore-command.ts';

runBackupScript(runRestoreCommand);
