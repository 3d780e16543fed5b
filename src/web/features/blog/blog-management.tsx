import { Plus, RefreshCw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import type { BlogPost, BlogPostSummary } from '../../../shared/contracts/blog.ts';
import { BLOG_MESSAGES } from '../../../shared/rules/blog.ts';
import { isSessionError } from '../../lib/api-client.ts';
import { pageCount } from '../../lib/list-params.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { LoadingState } from '../../ui/loading-state.tsx';
import { Pager } from '../../ui/pager.tsx';
import { useAdminBlogPosts, useDeleteBlogPost } from './api.ts';
import { pageFromParam } from './blog-paging.ts';
import { BlogPostDialog, type BlogPostEditing } from './blog-post-dialog.tsx';
import { BlogPostItem } from './blog-post-item.tsx';

/** The Blog Management screen: every post, drafts included, with create, edit and delete. */
export function BlogManagement() {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageFromParam(searchParams.get('page'));
  const posts = useAdminBlogPosts(page);
  const remove = useDeleteBlogPost();
  const [editing, setEditing] = useState<BlogPostEditing | null>(null);
  const [toDelete, setToDelete] = useState<BlogPostSummary | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const listHeadingRef = useRef<HTMLHeadingElement>(null);
  const moveFocusToList = useRef(false);

  const goToPage = (next: number) =>
    setSearchParams(
      (params) => {
        const copy = new URLSearchParams(params);
        if (next <= 1) copy.delete('page');
        else copy.set('page', String(next));
        return copy;
      },
      { preventScrollReset: true },
    );

  const list = posts.data?.data ?? [];
  const total = posts.data?.total ?? 0;
  const pages = pageCount(total, posts.data?.pageSize ?? 1);

  // The last post of the last page was deleted (or the address names a page past the end): show the last.
  useEffect(() => {
    if (posts.isSuccess && !posts.isPlaceholderData && list.length === 0 && page > pages) goToPage(pages);
  });

  const onSaved = (post: BlogPost, mode: BlogPostEditing['mode']) => {
    setEditing(null);
    if (mode === 'create') {
      toast.success(BLOG_MESSAGES.created);
      setAnnouncement(`${post.title} created.`);
      // New posts are at the top of the first page.
      goToPage(1);
      moveFocusToList.current = true;
    } else {
      toast.success(BLOG_MESSAGES.updated);
      setAnnouncement(`${post.title} updated.`);
    }
  };

  const confirmDelete = () => {
    if (!toDelete) return;
    const { title } = toDelete;
    remove.mutate(toDelete._id, {
      onSuccess: () => {
        moveFocusToList.current = true;
        toast.success(BLOG_MESSAGES.deleted);
        setAnnouncement(`${title} deleted.`);
      },
      onError: (error) => {
        if (!isSessionError(error)) toast.error(BLOG_MESSAGES.deleteFailed);
      },
      onSettled: () => setToDelete(null),
    });
  };

  const focusListAfterClose = (event: Event) => {
    // The opener is gone (deleted) or the new post is elsewhere: the list heading is the sensible place.
    if (!moveFocusToList.current) return;
    moveFocusToList.current = false;
    event.preventDefault();
    listHeadingRef.current?.focus();
  };

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Blog Management</h1>
          <p className="mt-1 text-slate-600">Create, edit, and manage blog posts</p>
        </div>
        <Button onClick={() => setEditing({ mode: 'create' })} className="w-full sm:w-auto">
          <Plus aria-hidden="true" className="size-4" />
          New Blog Post
        </Button>
      </header>

      <section
        aria-labelledby="all-posts-heading"
        aria-busy={posts.isFetching || undefined}
        className="space-y-3"
      >
        <h2
          id="all-posts-heading"
          ref={listHeadingRef}
          tabIndex={-1}
          className="text-lg font-semibold text-slate-900 focus:outline-none"
        >
          {posts.isSuccess ? `All Posts (${total.toLocaleString()})` : 'All Posts'}
        </h2>
        <p className="sr-only" aria-live="polite">
          {announcement}
        </p>
        {posts.isPending ? (
          <LoadingState label="Loading blog posts..." />
        ) : posts.isError && list.length === 0 ? (
          <div className="rounded-xl border border-red-200 bg-red-50 p-6 text-center">
            <p className="font-medium text-red-800">The blog posts could not be loaded.</p>
            <Button variant="secondary" className="mt-4" onClick={() => posts.refetch()}>
              <RefreshCw aria-hidden="true" className="size-4" />
              Try again
            </Button>
          </div>
        ) : list.length === 0 ? (
          <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
            <p className="text-slate-600">No blog posts yet. Create your first post!</p>
          </div>
        ) : (
          <ul aria-labelledby="all-posts-heading" className="space-y-3">
            {list.map((post) => (
              <BlogPostItem
                key={post._id}
                post={post}
                onEdit={(chosen) => setEditing({ mode: 'edit', id: chosen._id })}
                onDelete={setToDelete}
              />
            ))}
          </ul>
        )}

        {posts.isSuccess && pages > 1 && (
          <Pager page={page} pageCount={pages} hasNextPage={page < pages} onPageChange={goToPage} />
        )}
      </section>

      <BlogPostDialog
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={onSaved}
        onCloseAutoFocus={focusListAfterClose}
      />

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title={toDelete ? `Delete “${toDelete.title}”` : 'Delete blog post'}
        description={BLOG_MESSAGES.deleteConfirm}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onCloseAutoFocus={focusListAfterClose}
      />
    </div>
  );
}
