import { runBackupCommand } from './backup-command.ts';
import { runBackupScript } from './backup-script.ts';

runBackupScript(runBackupCommand);
