import { Download } from 'lucide-react';
import { toast } from 'sonner';
import type { BackupStatus } from '../../../shared/contracts/backups.ts';
import { formatBytes } from '../../../shared/rules/backups.ts';
import { errorMessage, isSessionError } from '../../lib/api-client.ts';
import { cx } from '../../lib/class-names.ts';
import { buttonClassName } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { QueryContent } from '../../ui/query-content.tsx';
import { confirmBeforeDownload, LATEST_BACKUP_HREF, useBackupStatus } from './api.ts';

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

function BackupDetails({ status }: { status: BackupStatus }) {
  const { latest, lastFailure } = status;
  return (
    <div className="mt-3 space-y-3">
      {latest ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-slate-500">Last backup</dt>
          <dd className="font-medium text-slate-900">
            <DateTime value={latest.takenAt} />
          </dd>
          <dt className="text-slate-500">Size</dt>
          <dd className="font-medium text-slate-900">{formatBytes(latest.sizeBytes)}</dd>
        </dl>
      ) : (
        <p className="text-sm text-slate-700">No backup has been taken yet.</p>
      )}
      {status.running && <p className="text-sm text-slate-700">A backup is being taken now.</p>}
      {lastFailure && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          The last automatic backup failed (<DateTime value={lastFailure.at} />
          ): {lastFailure.message}
        </p>
      )}
      <Schedule status={status} />
      <p className="text-sm text-slate-600">
        To take one now or to restore one, run <code className="whitespace-nowrap">npm run backup</code> or{' '}
        <code className="whitespace-nowrap">npm run restore -- &lt;file&gt;</code> on the server.
      </p>
      {latest && (
        <a
          href={LATEST_BACKUP_HREF}
          download={latest.fileName}
          className={buttonClassName('secondary')}
          onClick={(event) => {
            // A backup holds every secret: the browser downloads it only once the password was given lately.
            if (event.currentTarget.dataset.confirmed === 'true') return;
            event.preventDefault();
            const link = event.currentTarget;
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
          }}
        >
          <Download aria-hidden="true" className="size-4" />
          Download backup
        </a>
      )}
    </div>
  );
}

/** Settings' Backups card: the newest backup (time, size, download) and the automatic schedule. */
export function BackupsCard() {
  const status = useBackupStatus();
  return (
    <Card titleId="backups-title" title="Backups">
      <QueryContent query={status} noun="backups" look="card">
        {(data) => <BackupDetails status={data} />}
      </QueryContent>
    </Card>
  );
}
