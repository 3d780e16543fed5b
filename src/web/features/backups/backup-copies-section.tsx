import { CloudUpload, LoaderCircle } from 'lucide-react';
import { toast } from 'sonner';
import {
  type BackupCopies,
  type BackupCopy,
  type BackupDestinationInput,
  BackupDestinationInputSchema,
} from '../../../shared/contracts/backup-copies.ts';
import { BACKUP_COPY_MESSAGES } from '../../../shared/rules/backup-copies.ts';
import { errorMessage, isSessionError } from '../../lib/api-client.ts';
import { CHECK_FROM_FIRST_SUBMIT, useZodForm } from '../../lib/use-zod-form.ts';
import { Button } from '../../ui/button.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { QueryContent } from '../../ui/query-content.tsx';
import { TextField, VERBATIM_INPUT } from '../../ui/text-field.tsx';
import { useBackupCopies, useCopyLatestBackup, useSaveBackupDestination } from './api.ts';

const FIELDS = [
  'endpoint',
  'region',
  'bucket',
  'prefix',
  'accessKeyId',
  'secretAccessKey',
  'forcePathStyle',
  'recipient',
] as const;

function LastCopy({ copy }: { copy: BackupCopy | null }) {
  if (!copy) return <p className="text-sm text-slate-700">No backup has been copied yet.</p>;
  if (copy.status === 'done') {
    return (
      <p role="status" className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900">
        Last copy: done (<DateTime value={copy.finishedAt ?? copy.updatedAt} />) — {copy.fileName}, encrypted,
        in <code className="break-all">{copy.location}</code>.
      </p>
    );
  }
  if (copy.status === 'failed') {
    return (
      <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
        Last copy: failed for a day and given up (<DateTime value={copy.updatedAt} />
        ): {copy.lastError}
      </p>
    );
  }
  return (
    <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
      {copy.lastError ? (
        <>
          Last copy: not done yet, tried {copy.attempts} time{copy.attempts === 1 ? '' : 's'} and tried again
          soon (<DateTime value={copy.updatedAt} />
          ): {copy.lastError}
        </>
      ) : (
        <>
          <LoaderCircle aria-hidden="true" className="mr-1 inline size-4 animate-spin" />
          Last copy: copying {copy.fileName} now...
        </>
      )}
    </p>
  );
}

function emptyForm(state: BackupCopies): BackupDestinationInput {
  const saved = state.destination;
  return {
    endpoint: saved?.endpoint ?? '',
    region: saved?.region ?? 'us-east-1',
    bucket: saved?.bucket ?? '',
    prefix: saved?.prefix ?? '',
    accessKeyId: saved?.accessKeyId ?? '',
    secretAccessKey: '',
    forcePathStyle: saved?.forcePathStyle ?? false,
    recipient: saved?.recipient ?? '',
  };
}

function DestinationForm({ state }: { state: BackupCopies }) {
  const save = useSaveBackupDestination();
  const copyNow = useCopyLatestBackup();
  const { field, ...form } = useZodForm(BackupDestinationInputSchema, {
    defaultValues: emptyForm(state),
    ...CHECK_FROM_FIRST_SUBMIT,
  });
  const secretSaved = state.destination !== null;
  const onSubmit = form.handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: (saved) => {
        toast.success(BACKUP_COPY_MESSAGES.saved);
        // The secret is never shown again: the field empties, and empty keeps it.
        form.reset(emptyForm(saved));
      },
      onError: (error) => form.showRefusal(error, FIELDS, 'Could not save the off-machine copies'),
    }),
  );
  const copyLatest = () =>
    copyNow.mutate(undefined, {
      onSuccess: () => toast.success(BACKUP_COPY_MESSAGES.queued),
      onError: (error) => {
        if (!isSessionError(error)) toast.error(errorMessage(error, 'Could not copy the latest backup'));
      },
    });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-3" aria-labelledby="backup-copies-title">
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Storage address"
          hint={`Empty for AWS S3. Cloudflare R2: https://<account id>.r2.cloudflarestorage.com; Backblaze B2: https://s3.<region>.backblazeb2.com; MinIO: its address${state.privateAddressesAllowed ? '' : ' (a private address needs WEBHOOKS_ALLOW_PRIVATE_HTTP=true)'}.`}
          placeholder="https://s3.example.com"
          {...VERBATIM_INPUT}
          {...field('endpoint')}
        />
        <TextField
          label="Region"
          hint="e.g. us-east-1; auto on R2."
          {...VERBATIM_INPUT}
          {...field('region')}
        />
        <TextField label="Bucket" {...VERBATIM_INPUT} {...field('bucket')} />
        <TextField
          label="Folder in the bucket (optional)"
          hint="e.g. sampark/; copies older than the backups' keep-days are deleted from it."
          {...VERBATIM_INPUT}
          {...field('prefix')}
        />
        <TextField label="Access key id" {...VERBATIM_INPUT} {...field('accessKeyId')} />
        <TextField
          label="Secret access key"
          type="password"
          autoComplete="new-password"
          placeholder={secretSaved ? 'Saved — leave empty to keep' : ''}
          hint={
            secretSaved
              ? 'Saved — leave empty to keep it. It is never shown again.'
              : 'Stored on the server and never shown again.'
          }
          {...field('secretAccessKey')}
        />
      </div>
      <label className="flex min-h-11 items-center gap-3 text-sm text-slate-800">
        <input type="checkbox" className="size-4 accent-indigo-600" {...form.register('forcePathStyle')} />
        Path-style addresses (bucket in the path: MinIO and most self-hosted storage)
      </label>
      <TextField
        label="Your age public key"
        hint="One line beginning with age1. Copies are encrypted to it: only the matching key file can open them."
        placeholder="age1..."
        {...VERBATIM_INPUT}
        {...field('recipient')}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
        {secretSaved && (
          <Button type="button" variant="secondary" onClick={copyLatest} disabled={copyNow.isPending}>
            <CloudUpload aria-hidden="true" className="size-4" />
            {copyNow.isPending ? 'Queuing...' : 'Copy the latest backup now'}
          </Button>
        )}
      </div>
    </form>
  );
}

/** Settings → Backups → Off-machine copies (decision 056). */
export function BackupCopiesSection({ backupRunning }: { backupRunning: boolean }) {
  const copies = useBackupCopies(backupRunning);
  return (
    <section aria-labelledby="backup-copies-title" className="mt-6 space-y-3 border-t border-slate-200 pt-4">
      <h3 id="backup-copies-title" className="font-semibold text-slate-900">
        Off-machine copies
      </h3>
      <p className="text-sm text-slate-700">
        Each backup can also be copied to S3-compatible storage (AWS S3, Cloudflare R2, Backblaze B2, MinIO),
        so it survives the loss of this server. It is encrypted on the server before it leaves, to your age
        public key: the server cannot open its own copies, and neither can the storage. Make a key on your own
        computer with <code className="whitespace-nowrap">age-keygen -o sampark-backup.key</code>, paste the
        public key it prints (age1...) below, and keep the key file safe and off the server: without it the
        copies cannot be restored (
        <code className="whitespace-nowrap">npm run restore -- file.age --identity sampark-backup.key</code>).
      </p>
      <QueryContent query={copies} noun="off-machine copies" look="card">
        {(state) => (
          <div className="space-y-3">
            {state.destination && <LastCopy copy={state.lastCopy} />}
            <DestinationForm state={state} />
          </div>
        )}
      </QueryContent>
    </section>
  );
}
