import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { BlogPost } from '../../../shared/contracts/blog.ts';
import type { BlogRevisionSummary } from '../../../shared/contracts/blog-revisions.ts';
import { BLOG_REVISION_MESSAGES } from '../../../shared/rules/blog-revisions.ts';
import { errorMessage, isSessionError } from '../../lib/api-client.ts';
import { cx } from '../../lib/class-names.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { LoadingState } from '../../ui/loading-state.tsx';
import { Modal } from '../../ui/modal.tsx';
import { useBlogRevision, useBlogRevisions, useRestoreBlogRevision } from './revisions-api.ts';
import { TextDiff } from './text-diff.tsx';

export interface RevisionsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  postId: string;
  /** The title and text in the editor now: each revision is compared with them. */
  current: { title: string; content: string };
  /** The version the editor started from (a 409 if someone saved since). */
  version: number;
  /** The editor has changes not saved: restoring replaces them. */
  dirty: boolean;
  onRestored: (post: BlogPost) => void;
}

const savedBy = (revision: BlogRevisionSummary) =>
  revision.savedByName || BLOG_REVISION_MESSAGES.unknownSaver;

/** A post's revisions (who saved each, when), the difference of one from the editor's text, and Restore. */
export function RevisionsDialog({
  open,
  onOpenChange,
  postId,
  current,
  version,
  dirty,
  onRestored,
}: RevisionsDialogProps) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Revisions" className="max-w-4xl">
      {open && (
        <RevisionsBrowser
          postId={postId}
          current={current}
          version={version}
          dirty={dirty}
          onRestored={onRestored}
        />
      )}
    </Modal>
  );
}

function RevisionsBrowser({
  postId,
  current,
  version,
  dirty,
  onRestored,
}: Omit<RevisionsDialogProps, 'open' | 'onOpenChange'>) {
  const revisions = useBlogRevisions(postId);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const list = revisions.data ?? [];
  // The newest is what is saved now; the one before it is the likeliest to be wanted back.
  const shownId = chosenId ?? list[1]?._id ?? list[0]?._id ?? null;

  if (revisions.isPending) return <LoadingState label="Loading revisions..." />;
  if (revisions.isError) {
    return (
      <div role="alert" className="py-6 text-center text-red-700">
        The revisions could not be loaded.{' '}
        <Button variant="secondary" onClick={() => revisions.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (list.length === 0) return <p className="py-6 text-center text-slate-600">No revisions yet.</p>;
  return (
    <div className="grid gap-4 md:grid-cols-[15rem_1fr]">
      <nav aria-label="Saved versions">
        <ul className="space-y-1">
          {list.map((revision) => (
            <li key={revision._id}>
              <button
                type="button"
                aria-current={revision._id === shownId || undefined}
                onClick={() => setChosenId(revision._id)}
                className={cx(
                  'w-full rounded-lg px-3 py-2 text-left text-sm focus-visible:outline-2 focus-visible:outline-indigo-600',
                  revision._id === shownId
                    ? 'bg-indigo-50 text-indigo-900 ring-1 ring-indigo-300'
                    : 'hover:bg-slate-50',
                )}
              >
                <span className="block font-medium">
                  Version {revision.version}
                  {revision.version === list[0]?.version && ' (saved now)'}
                </span>
                <span className="block text-slate-600">{savedBy(revision)}</span>
                <DateTime value={revision.createdAt} className="block text-slate-600" />
              </button>
            </li>
          ))}
        </ul>
      </nav>
      {shownId && (
        <RevisionComparison
          key={shownId}
          postId={postId}
          revisionId={shownId}
          current={current}
          version={version}
          dirty={dirty}
          onRestored={onRestored}
        />
      )}
    </div>
  );
}

function RevisionComparison({
  postId,
  revisionId,
  current,
  version,
  dirty,
  onRestored,
}: Omit<RevisionsDialogProps, 'open' | 'onOpenChange'> & { revisionId: string }) {
  const revision = useBlogRevision(postId, revisionId);
  const restore = useRestoreBlogRevision();
  const [confirming, setConfirming] = useState(false);

  if (revision.isPending) return <LoadingState label="Loading the revision..." />;
  if (revision.isError) {
    return (
      <p role="alert" className="text-red-700">
        {errorMessage(revision.error, 'This revision could not be loaded.')}
      </p>
    );
  }
  const shown = revision.data;
  const same = shown.title === current.title && shown.content === current.content;
  const confirm = () =>
    restore.mutate(
      { postId, revisionId, version },
      {
        onSuccess: (post) => {
          setConfirming(false);
          toast.success(BLOG_REVISION_MESSAGES.restored);
          onRestored(post);
        },
        onError: (error) => {
          if (isSessionError(error)) setConfirming(false);
        },
      },
    );

  return (
    <section aria-labelledby="revision-heading" className="min-w-0 space-y-3">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id="revision-heading" className="font-semibold text-slate-900">
            Version {shown.version} by {savedBy(shown)}
          </h3>
          <p className="text-sm text-slate-600">
            {same
              ? 'Its title and text are the same as in the editor.'
              : 'Compared with the editor: struck-through text goes and underlined text comes back if you restore it.'}
          </p>
        </div>
        <Button variant="secondary" onClick={() => setConfirming(true)}>
          <RotateCcw aria-hidden="true" className="size-4" />
          Restore this version
        </Button>
      </div>
      {shown.title !== current.title && (
        <div>
          <h4 className="text-sm font-medium text-slate-700">Title</h4>
          <TextDiff from={current.title} to={shown.title} className="rounded-lg bg-slate-50 p-3 text-sm" />
        </div>
      )}
      <div>
        <h4 className="text-sm font-medium text-slate-700">Content</h4>
        <TextDiff
          from={current.content}
          to={shown.content}
          className="max-h-[50dvh] overflow-y-auto rounded-lg bg-slate-50 p-3 font-mono text-sm break-words whitespace-pre-wrap"
        />
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(next) => {
          setConfirming(next);
          if (!next) restore.reset();
        }}
        title={`Restore version ${shown.version}?`}
        description={`The title, description, text, slug, category, image and author of version ${shown.version} are saved as a new version; whether the post is published stays as it is.${dirty ? ' Your unsaved changes in the editor are replaced.' : ''}`}
        confirmLabel="Restore"
        pendingLabel="Restoring..."
        pending={restore.isPending}
        onConfirm={confirm}
        error={
          restore.isError && !isSessionError(restore.error)
            ? errorMessage(restore.error, 'The revision could not be restored.')
            : null
        }
      />
    </section>
  );
}
