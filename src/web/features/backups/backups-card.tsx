import { DatabaseBackup, Download, LoaderCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { BackupStatus } from '../../../shared/contracts/backups.ts';
import { formatBytes } from '../../../shared/rules/backups.ts';
import { errorMessage, isSessionError } from '../../lib/api-client.ts';
import { cx } from '../../lib/class-names.ts';
import { Button, buttonClassName } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { QueryContent } from '../../ui/query-content.tsx';
import { confirmBeforeDownload, LATEST_BACKUP_HREF, useBackupStatus, useTakeBackup } from './api.ts';
import { BackupCopiesSection } from './backup-copies-section.tsx';

function Schedule({ status }: { status: BackupStatus }) {
  const { automatic } = status;
  if (automatic.state === 'on') {
    return (
      <p className="text-sm text-slate-700">
        A backup is taken automatically every day and kept for {automatic.keepDays} day
        {automatic.keepDays === 1 ? '' : 's'} in <code className="break-all">{status.directory}</code>.
      </p>
    );
  }
  return (
    <p
      className={cx(
        'rounded-lg p-3 text-sm',
        automatic.state === 'unavailable' ? 'bg-amber-50 text-amber-900' : 'bg-slate-50 text-slate-700',
      )}
    >
      {automatic.state === 'unavailable' ? 'Automatic backups are unavailable. ' : ''}
      {automatic.reason}
    </p>
  );
}

/** Downloads the newest backup through its link, once the session has confirmed itself lately. */
function downloadThrough(link: HTMLAnchorElement) {
  // A backup holds every secret: the browser downloads it only once the password was given lately.
  confirmBeforeDownload().then(
    () => {
      link.dataset.confirmed = 'true';
      link.click();
      delete link.dataset.confirmed;
    },
    (error: unknown) => {
      if (!isSessionError(error)) toast.error(errorMessage(error, 'Could not download the backup'));
    },
  );
}

function BackingUp({ progress }: { progress: number | null }) {
  const percent = progress === null ? null : Math.round(progress * 100);
  return (
    <div role="status" className="space-y-1 text-sm text-slate-700">
      <p className="flex items-center gap-2">
        <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
        Taking a backup now{percent === null ? '...' : ` (${percent}%)`}
      </p>
      <progress
        aria-label="Backup progress"
        className="h-2 w-full"
        max={100}
        {...(percent === null ? {} : { value: percent })}
      />
    </div>
  );
}

function BackupDetails({ status }: { status: BackupStatus }) {
  const { latest, lastFailure } = status;
  const take = useTakeBackup();
  const link = useRef<HTMLAnchorElement>(null);
  // Asked for here: once that backup is done, it is downloaded.
  const [waitingFor, setWaitingFor] = useState<string | null>(null);
  useEffect(() => {
    if (waitingFor === null || status.running) return;
    setWaitingFor(null);
    if (latest && latest.fileName !== waitingFor && link.current) {
      toast.success('Backup taken');
      downloadThrough(link.current);
    }
  }, [waitingFor, status.running, latest]);

  const backUpNow = () =>
    take.mutate(undefined, {
      onSuccess: () => setWaitingFor(latest?.fileName ?? ''),
      onError: (error) => {
        if (!isSessionError(error)) toast.error(errorMessage(error, 'Could not take a backup'));
      },
    });
  const running = status.running || take.isPending;

  return (
    <div className="mt-3 space-y-3">
      {latest ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-slate-600">Last backup</dt>
          <dd className="font-medium text-slate-900">
            <DateTime value={latest.takenAt} />
          </dd>
          <dt className="text-slate-600">Size</dt>
          <dd className="font-medium text-slate-900">{formatBytes(latest.sizeBytes)}</dd>
        </dl>
      ) : (
        <p className="text-sm text-slate-700">No backup has been taken yet.</p>
      )}
      {running && <BackingUp progress={status.progress} />}
      {lastFailure && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          The last backup failed (<DateTime value={lastFailure.at} />
          ): {lastFailure.message}
        </p>
      )}
      <Schedule status={status} />
      <div className="flex flex-wrap items-center gap-3">
        {status.automatic.state !== 'unavailable' && (
          <Button onClick={backUpNow} disabled={running}>
            <DatabaseBackup aria-hidden="true" className="size-4" />
            {running ? 'Backing up...' : 'Back up now'}
          </Button>
        )}
        {latest && (
          <a
            ref={link}
            href={LATEST_BACKUP_HREF}
            download={latest.fileName}
            className={buttonClassName('secondary')}
            onClick={(event) => {
              if (event.currentTarget.dataset.confirmed === 'true') return;
              event.preventDefault();
              downloadThrough(event.currentTarget);
            }}
          >
            <Download aria-hidden="true" className="size-4" />
            <span>
              Download backup of <DateTime value={latest.takenAt} />
            </span>
          </a>
        )}
      </div>
      <p className="text-sm text-slate-600">
        To restore one, run <code className="whitespace-nowrap">npm run restore -- &lt;file&gt;</code> on the
        server (<code className="whitespace-nowrap">npm run backup</code> takes one there too).
      </p>
    </div>
  );
}

/** Settings' Backups card: the newest backup (time, size, download) and the automatic schedule. */
export function BackupsCard() {
  const status = useBackupStatus();
  return (
    <Card titleId="backups-title" title="Backups">
      <QueryContent query={status} noun="backups" look="card">
        {(data) => (
          <>
            <BackupDetails status={data} />
            <BackupCopiesSection backupRunning={data.running} />
          </>
        )}
      </QueryContent>
    </Card>
  );
}
