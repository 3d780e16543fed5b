import { CloudUpload, LoaderCircle } from 'lucide-react';
import { Fragment, useState } from 'react';
import { toast } from 'sonner';
import {
  type BackupCopies,
  type BackupCopy,
  type BackupDestinationInput,
  BackupDestinationInputSchema,
} from '../../../shared/contracts/backup-copies.ts';
import { BACKUP_COPY_MESSAGES } from '../../../shared/rules/backup-copies.ts';
import { errorMessage, isSessionError } from '../../lib/api-client.ts';
import { applyServerFieldErrors } from '../../lib/form-errors.ts';
import { CHECK_FROM_FIRST_SUBMIT, useZodForm } from '../../lib/use-zod-form.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { QueryContent } from '../../ui/query-content.tsx';
import { TextField, VERBATIM_INPUT } from '../../ui/text-field.tsx';
import {
  useBackupCopies,
  useCopyLatestBackup,
  useRemoveBackupDestination,
  useSaveBackupDestination,
} from './api.ts';

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

/** A command to type: it wraps between its words only, never at a dash inside one (`--identity`). */
function Command({ text }: { text: string }) {
  return (
    <code>
      {text.split(' ').map((word, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the words of a fixed text, never reordered.
        <Fragment key={index}>
          {index > 0 && ' '}
          <span className="whitespace-nowrap">{word}</span>
        </Fragment>
      ))}
    </code>
  );
}

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
        Last copy: given up after a day of trying (<DateTime value={copy.updatedAt} />
        ): {copy.lastError}
      </p>
    );
  }
  return (
    <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
      {copy.lastError ? (
        <>
          Last copy: not done yet; tried {copy.attempts} time{copy.attempts === 1 ? '' : 's'}, trying again
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
  const remove = useRemoveBackupDestination();
  const [confirmingStop, setConfirmingStop] = useState(false);
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
      onError: (error) => {
        // A message that went under its field is not said again in a toast.
        if (isSessionError(error) || applyServerFieldErrors(error, form.setError, FIELDS)) return;
        toast.error(errorMessage(error, 'Could not save the off-machine copies'));
      },
    }),
  );
  const copyLatest = () =>
    copyNow.mutate(undefined, {
      onSuccess: () => toast.success(BACKUP_COPY_MESSAGES.queued),
      onError: (error) => {
        if (!isSessionError(error)) toast.error(errorMessage(error, 'Could not copy the latest backup'));
      },
    });

  const stopCopying = () =>
    remove.mutate(undefined, {
      onSuccess: (state) => {
        setConfirmingStop(false);
        toast.success(BACKUP_COPY_MESSAGES.removed);
        form.reset(emptyForm(state));
      },
      onError: (error) => {
        if (!isSessionError(error))
          toast.error(errorMessage(error, 'Could not turn off the off-machine copies'));
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
          placeholder={secretSaved ? 'Saved (not shown)' : ''}
          hint={
            secretSaved
              ? 'Leave it empty to keep the saved one, or type a new one to replace it.'
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
        {secretSaved && (
          <Button type="button" variant="secondary" onClick={() => setConfirmingStop(true)}>
            Stop copying
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirmingStop}
        onOpenChange={setConfirmingStop}
        title="Stop copying backups off the machine?"
        description="Backups stay on this server only from now on, and the storage's keys are forgotten. The copies already in the bucket stay there."
        confirmLabel="Stop copying"
        pendingLabel="Stopping..."
        pending={remove.isPending}
        onConfirm={stopCopying}
      />
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
        public key: the server cannot open its own copies, and neither can the storage.
      </p>
      <p className="text-sm text-slate-700">
        Make a key on your own computer with <Command text="age-keygen -o sampark-backup.key" /> and paste the
        public key it prints (age1...) below. Keep the key file safe and off the server: without it the copies
        cannot be restored (
        <Command text="npm run restore -- file.age --identity sampark-backup.key" />
        ).
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
