import { Eye, Pencil, Trash2 } from 'lucide-react';
import type { BlogPostSummary } from '../../../shared/contracts/blog.ts';
import { cx } from '../../lib/class-names.ts';
import { Button } from '../../ui/button.tsx';
import { DateTime } from '../../ui/date-time.tsx';

function viewsLabel(views: number): string {
  return `${views.toLocaleString()} ${views === 1 ? 'view' : 'views'}`;
}

/** Published, Draft, or Scheduled with when it publishes itself (on the business's clock). */
function StatusBadge({ post }: { post: BlogPostSummary }) {
  const badge = 'rounded-full px-2.5 py-0.5 text-xs font-semibold';
  if (post.isPublished) return <span className={cx(badge, 'bg-green-100 text-green-900')}>Published</span>;
  if (post.scheduledAt === null)
    return <span className={cx(badge, 'bg-amber-100 text-amber-900')}>Draft</span>;
  return (
    <span className={cx(badge, 'bg-sky-100 text-sky-900')}>
      Scheduled · <DateTime value={post.scheduledAt} />
    </span>
  );
}

export interface BlogPostItemProps {
  post: BlogPostSummary;
  onEdit: (post: BlogPostSummary) => void;
  onDelete: (post: BlogPostSummary) => void;
}

export function BlogPostItem({ post, onEdit, onDelete }: BlogPostItemProps) {
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <article aria-labelledby={`blog-post-${post._id}`} className="flex flex-col gap-4 sm:flex-row">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-start gap-2">
            <h3
              id={`blog-post-${post._id}`}
              className="min-w-0 text-lg font-semibold break-words text-slate-900"
            >
              {post.title}
            </h3>
            <StatusBadge post={post} />
          </div>
          <p className="mt-1 line-clamp-2 break-words text-slate-600">{post.description}</p>
          <dl className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
            <div>
              <dt className="sr-only">Created</dt>
              <dd>
                <DateTime value={post.createdAt} style="date" />
              </dd>
            </div>
            <div>
              <dt className="sr-only">Category</dt>
              <dd className="font-medium text-indigo-700">{post.category}</dd>
            </div>
            <div className="flex items-center gap-1">
              <dt className="sr-only">Views</dt>
              <Eye aria-hidden="true" className="size-4" />
              <dd>{viewsLabel(post.views)}</dd>
            </div>
            <div className="min-w-0 basis-full">
              <dt className="sr-only">Slug</dt>
              <dd className="break-all">
                <code className="rounded bg-slate-100 px-1 text-xs text-slate-700">/blog/{post.slug}</code>
              </dd>
            </div>
          </dl>
        </div>
        <div className="flex shrink-0 gap-2 sm:flex-col">
          {[
            { action: 'Edit', Icon: Pencil, className: 'flex-1 sm:flex-none', run: onEdit },
            {
              action: 'Delete',
              Icon: Trash2,
              className: 'flex-1 text-red-700 hover:bg-red-50 sm:flex-none',
              run: onDelete,
            },
          ].map(({ action, Icon, className, run }) => (
            <Button
              key={action}
              variant="secondary"
              className={className}
              aria-label={`${action} ${post.title}`}
              onClick={() => run(post)}
            >
              <Icon aria-hidden="true" className="size-4" />
              {action}
            </Button>
          ))}
        </div>
      </article>
    </li>
  );
}
