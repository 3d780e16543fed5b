import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import type { BlogPost, BlogPostSummary } from '../../../shared/contracts/blog.ts';
import { BLOG_MESSAGES } from '../../../shared/rules/blog.ts';
import { pageCount } from '../../lib/list-params.ts';
import { usePendingDelete } from '../../lib/use-pending-delete.ts';
import { AddButton } from '../../ui/button.tsx';
import { ConfirmDeleteDialog } from '../../ui/confirm-dialog.tsx';
import { EmptyState, ListContent } from '../../ui/list-content.tsx';
import { Announcement, ListHeading } from '../../ui/list-heading.tsx';
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
  const [editing, setEditing] = useState<BlogPostEditing | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const listHeadingRef = useRef<HTMLHeadingElement>(null);
  const moveFocusToList = useRef(false);
  const removal = usePendingDelete<BlogPostSummary>(useDeleteBlogPost(), {
    onDeleted: ({ title }) => {
      moveFocusToList.current = true;
      toast.success(BLOG_MESSAGES.deleted);
      setAnnouncement(`${title} deleted.`);
    },
    failedMessage: () => BLOG_MESSAGES.deleteFailed,
  });

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
        <AddButton onClick={() => setEditing({ mode: 'create' })} className="w-full sm:w-auto">
          New Blog Post
        </AddButton>
      </header>

      <section
        aria-labelledby="all-posts-heading"
        aria-busy={posts.isFetching || undefined}
        className="space-y-3"
      >
        <ListHeading
          id="all-posts-heading"
          ref={listHeadingRef}
          className="text-lg font-semibold text-slate-900 focus:outline-none"
        >
          {posts.isSuccess ? `All Posts (${total.toLocaleString()})` : 'All Posts'}
        </ListHeading>
        <Announcement>{announcement}</Announcement>
        <ListContent
          query={posts}
          noun="blog posts"
          failed={posts.isError && list.length === 0}
          announceFailure={false}
          empty={list.length === 0 && <EmptyState>No blog posts yet. Create your first post!</EmptyState>}
        >
          <ul aria-labelledby="all-posts-heading" className="space-y-3">
            {list.map((post) => (
              <BlogPostItem
                key={post._id}
                post={post}
                onEdit={(chosen) => setEditing({ mode: 'edit', id: chosen._id })}
                onDelete={removal.ask}
              />
            ))}
          </ul>
        </ListContent>

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

      <ConfirmDeleteDialog
        {...removal.dialog}
        title={removal.entry ? `Delete “${removal.entry.title}”` : 'Delete blog post'}
        description={BLOG_MESSAGES.deleteConfirm}
        onCloseAutoFocus={focusListAfterClose}
      />
    </div>
  );
}
