import cliProgress from 'cli-progress';
import type { ProgressListener } from '../features/backups/backup-error.ts';

export interface ProgressBar {
  update: ProgressListener;
  stop(): void;
}

/**
 * A progress bar on `stream` (standard error, so standard output keeps only the result). Without a
 * terminal (a log, a pipe) it writes a line every 2 s instead of redrawing.
 */
export function createProgressBar(stream: NodeJS.WritableStream, label: string, unit: string): ProgressBar {
  const bar = new cliProgress.SingleBar(
    {
      stream,
      format: `${label} [{bar}] {percentage}% | {value}/{total} ${unit} | {duration_formatted}`,
      noTTYOutput: true,
      notTTYSchedule: 2_000,
      hideCursor: true,
      gracefulExit: true,
    },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  return {
    update(done, total) {
      if (!started) {
        bar.start(total, done);
        started = true;
        return;
      }
      bar.setTotal(total);
      bar.update(done);
    },
    stop() {
      if (started) bar.stop();
    },
  };
}
