import { Download, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { toast } from 'sonner';
import { type Poster, type PosterInput, PosterInputSchema } from '../../../shared/contracts/posters.ts';
import { POSTER_LIMITS } from '../../../shared/rules/posters.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { usePendingDelete } from '../../lib/use-pending-delete.ts';
import { CHECK_FROM_FIRST_SUBMIT, useZodForm } from '../../lib/use-zod-form.ts';
import { Button, buttonClassName } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { ConfirmDeleteDialog } from '../../ui/confirm-dialog.tsx';
import { CardQueryList } from '../../ui/query-content.tsx';
import { LANGUAGE_OPTIONS, RadioRow } from '../../ui/radio-row.tsx';
import { FieldShell, fieldControlProps, TextField, VERBATIM_INPUT } from '../../ui/text-field.tsx';
import { posterFilePath, useCreatePoster, useDeletePoster, usePosters } from './api.ts';

/** A published channel a poster's QR code may lead to, as the owner knows it. */
export interface PosterChannel {
  id: string;
  label: string;
}

const SERVER_FIELDS = ['name', 'tag', 'channelId', 'language', 'size'] as const;
const EMPTY_POSTER: PosterInput = { name: '', tag: '', channelId: null, language: 'en', size: 'A5' };
const SIZES = [
  { value: 'A5', label: 'A5 (a counter or a flyer)' },
  { value: 'A4', label: 'A4 (a wall or a window)' },
] as const;

function PosterForm({ channels }: { channels: readonly PosterChannel[] }) {
  const create = useCreatePoster();
  const targetId = useId();
  const { field, showRefusal, ...form } = useZodForm(PosterInputSchema, {
    defaultValues: EMPTY_POSTER,
    ...CHECK_FROM_FIRST_SUBMIT,
  });
  const targetError = form.formState.errors.channelId?.message;
  const targetHint = 'The contact page lists every channel; a channel opens straight away when scanned.';
  const onSubmit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: ({ message }) => {
        toast.success(message);
        form.reset(EMPTY_POSTER);
      },
      onError: (error) => showRefusal(error, SERVER_FIELDS, 'The poster could not be made'),
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Make a poster" className="mt-4 space-y-4">
      <TextField
        label="Name"
        autoComplete="off"
        maxLength={POSTER_LIMITS.name}
        hint="Where it goes, e.g. “Counter at the shop” or “Diwali flyer”."
        {...field('name')}
      />
      <TextField
        label="Source tag"
        maxLength={POSTER_LIMITS.tag}
        hint="Goes in the QR code's address (?src=counter) and tells this poster's visitors apart."
        {...VERBATIM_INPUT}
        {...field('tag')}
      />
      <FieldShell id={targetId} label="The QR code opens" hint={targetHint} error={targetError}>
        <select
          {...fieldControlProps(targetId, { hint: targetHint, error: targetError })}
          {...form.register('channelId', { setValueAs: (value: string | null) => value || null })}
        >
          <option value="">The contact page</option>
          {channels.map((channel) => (
            <option key={channel.id} value={channel.id}>
              {channel.label}
            </option>
          ))}
        </select>
      </FieldShell>
      <RadioRow legend="Language" options={LANGUAGE_OPTIONS} registered={form.register('language')} />
      <RadioRow legend="Paper size" options={SIZES} registered={form.register('size')} />
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? 'Making...' : 'Make poster'}
      </Button>
    </form>
  );
}

function PosterRow({
  poster,
  channels,
  onDelete,
}: {
  poster: Poster;
  channels: readonly PosterChannel[];
  onDelete: () => void;
}) {
  const id = useId();
  const target = poster.channelId
    ? (channels.find((channel) => channel.id === poster.channelId)?.label ?? 'A channel no longer published')
    : 'The contact page';
  const language = LANGUAGE_OPTIONS.find((option) => option.value === poster.language)?.label;
  return (
    <li aria-labelledby={`${id}-name`} className="space-y-2 py-4">
      <p id={`${id}-name`} className="font-medium break-words text-slate-900">
        {poster.name}
      </p>
      <p className="text-sm text-slate-600">
        {target} · {language} · {poster.size} · <code>?src={poster.tag}</code>
      </p>
      <p className="text-sm break-all text-slate-600">{poster.url}</p>
      <div className="flex flex-wrap gap-2">
        {(['pdf', 'png'] as const).map((format) => (
          <a
            key={format}
            href={posterFilePath(poster._id, format)}
            download
            aria-describedby={`${id}-name`}
            className={buttonClassName('secondary')}
          >
            <Download aria-hidden="true" className="size-4" />
            {format === 'pdf' ? 'Download PDF' : 'Download PNG'}
          </a>
        ))}
        <Button variant="ghost" onClick={onDelete} aria-label={`Delete poster ${poster.name}`}>
          <Trash2 aria-hidden="true" className="size-4" />
          Delete
        </Button>
      </div>
    </li>
  );
}

/**
 * Settings' Posters card (decision 077): printable counter posters with a QR code, each with its own source
 * tag, so that the dashboard tells which poster brought how many visitors and taps.
 */
export function PostersCard({ channels }: { channels: readonly PosterChannel[] }) {
  const posters = usePosters();
  const remove = useDeletePoster();
  const deletion = usePendingDelete<Poster>(remove, {
    onDeleted: () => toast.success('Poster deleted'),
    failedMessage: (error) => errorMessage(error, 'The poster could not be deleted'),
    describe: (poster) =>
      `What “${poster.name}” brought is deleted. A printed copy still opens the page, without being counted.`,
  });
  return (
    <Card titleId="posters-title" title="Posters">
      <p className="mt-1 text-sm text-slate-600">
        A poster for the counter, a window or a flyer: your brand, logo and hours, and a QR code to your
        contact page or one channel. Print the PDF or share the PNG; the dashboard counts who came from each
        poster, without cookies.
      </p>
      <PosterForm channels={channels} />
      <CardQueryList query={posters} noun="posters" label="Posters" empty="No poster yet.">
        {(poster) => (
          <PosterRow
            key={poster._id}
            poster={poster}
            channels={channels}
            onDelete={() => deletion.ask(poster)}
          />
        )}
      </CardQueryList>
      <ConfirmDeleteDialog {...deletion.dialog} title="Delete this poster?" />
    </Card>
  );
}
