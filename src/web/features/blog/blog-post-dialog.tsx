import { RefreshCw } from 'lucide-react';
import { useCallback, useState } from 'react';
import type { BlogPost, BlogPostValues } from '../../../shared/contracts/blog.ts';
import { NEW_POST_KEY } from '../../../shared/rules/blog-revisions.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { LoadingState } from '../../ui/loading-state.tsx';
import { Modal } from '../../ui/modal.tsx';
import { useBlogPost, useCreateBlogPost, useUpdateBlogPost } from './api.ts';
import { BlogPostForm } from './blog-post-form.tsx';
import { discardAutosave } from './revisions-api.ts';

const FORM_ID = 'blog-post-form';

/** What the modal is open for: a new post, or the post with this id. */
export type BlogPostEditing = { mode: 'create' } | { mode: 'edit'; id: string };

export interface BlogPostDialogProps {
  editing: BlogPostEditing | null;
  onClose: () => void;
  onSaved: (post: BlogPost, mode: BlogPostEditing['mode']) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * The create/edit modal. Closing it (Cancel, Escape, a click outside, the X) with unsaved changes asks
 * first: a slip of the finger must not throw away a long post.
 */
export function BlogPostDialog({ editing, onClose, onSaved, onCloseAutoFocus }: BlogPostDialogProps) {
  const editId = editing?.mode === 'edit' ? editing.id : null;
  const post = useBlogPost(editId);
  const create = useCreateBlogPost();
  const update = useUpdateBlogPost();
  const [dirty, setDirty] = useState(false);
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  // The post as a restore of one of its revisions left it: the form starts again from it.
  const [restored, setRestored] = useState<BlogPost | null>(null);
  const saving = create.isPending || update.isPending;
  const onDirtyChange = useCallback((next: boolean) => setDirty(next), []);

  const close = () => {
    setDirty(false);
    setConfirmingDiscard(false);
    setRestored(null);
    onClose();
  };
  const discard = () => {
    void discardAutosave(editId ?? NEW_POST_KEY);
    close();
  };
  const requestClose = () => {
    if (saving) return;
    if (dirty) setConfirmingDiscard(true);
    else close();
  };

  const save = (values: BlogPostValues, version?: number): Promise<BlogPost> =>
    editId === null ? create.mutateAsync(values) : update.mutateAsync({ id: editId, body: values, version });

  const isEdit = editing?.mode === 'edit';
  const formReady = !isEdit || post.isSuccess;

  return (
    <>
      <Modal
        open={editing !== null}
        onOpenChange={(open) => !open && requestClose()}
        title={isEdit ? 'Edit Blog Post' : 'Create New Blog Post'}
        className="max-w-3xl"
        onCloseAutoFocus={onCloseAutoFocus}
        footer={
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={requestClose} disabled={saving}>
              Cancel
            </Button>
            <Button
              type="submit"
              form={FORM_ID}
              disabled={saving || !formReady}
              aria-busy={saving || undefined}
            >
              {saving ? 'Saving...' : isEdit ? 'Update Post' : 'Create Post'}
            </Button>
          </div>
        }
      >
        {editing === null ? null : isEdit && post.isPending ? (
          <LoadingState label="Loading blog post..." />
        ) : isEdit && post.isError ? (
          <div className="py-8 text-center" role="alert">
            <p className="text-red-700">This blog post could not be loaded. It may have been deleted.</p>
            <Button variant="secondary" className="mt-4" onClick={() => post.refetch()}>
              <RefreshCw aria-hidden="true" className="size-4" />
              Try again
            </Button>
          </div>
        ) : (
          <BlogPostForm
            // A fresh form for every post opened, so one post's values never leak into another's.
            key={`${editId ?? NEW_POST_KEY}:${restored?.version ?? ''}`}
            id={FORM_ID}
            post={isEdit ? (restored ?? post.data) : undefined}
            onSave={save}
            onSaved={(saved) => {
              setDirty(false);
              setRestored(null);
              onSaved(saved, editing.mode);
            }}
            onRestored={(post) => {
              setDirty(false);
              setRestored(post);
            }}
            onDirtyChange={onDirtyChange}
          />
        )}
      </Modal>
      <ConfirmDialog
        open={confirmingDiscard}
        onOpenChange={setConfirmingDiscard}
        title="Discard unsaved changes?"
        description="What you typed in this post has not been saved and will be lost."
        cancelLabel="Keep editing"
        confirmLabel="Discard"
        pendingLabel="Discard"
        pending={false}
        onConfirm={discard}
      />
    </>
  );
}
