import { Eye, Rss } from 'lucide-react';
import { Link, useLoaderData } from 'react-router';
import type { BlogPostSummary } from '../../../shared/contracts/blog.ts';
import { BLOG_CATEGORIES } from '../../../shared/rules/blog.ts';
import { INTL_LOCALE, localizedPath } from '../../../shared/rules/locales.ts';
import { useCopy, useLocalize, usePageLocale } from '../../i18n/copy.tsx';
import { cx } from '../../lib/class-names.ts';
import {
  type BlogListData,
  type BlogListFilter,
  blogListLoader,
  blogListPath,
  blogPostPath,
} from '../blog/blog-data.ts';
import { BlogImage } from '../blog/blog-image.tsx';
import { ViewCount } from '../blog/view-count.tsx';
import type { PublicRouteHandle } from '../page-head.ts';
import { BusinessDate } from '../ui/business-date.tsx';

export { blogListLoader };

/** Each language's blog has its own feed of its own posts. */
const FEED_PATH = '/blog/rss.xml';
const FOCUS_RING = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';
/** One card of a column of 1, 2 or 3 in a 72rem page (less its padding and gaps). */
const CARD_IMAGE_SIZES =
  '(min-width: 1024px) 23rem, (min-width: 768px) calc(50vw - 2.5rem), calc(100vw - 2rem)';
const CARD_DATE_OPTIONS: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' };

export const handle: PublicRouteHandle = {
  head: ({ match, copy, locale }) => {
    const filter = (match.data as BlogListData | undefined)?.filter;
    return {
      title: copy('blog', 'meta.title'),
      description: copy('blog', 'meta.description'),
      // A filtered or later page is a page of its own; an unknown category is the whole list.
      path: filter ? blogListPath(filter) : '/blog',
      feed: { title: copy('blog', 'feedTitle'), path: localizedPath(locale, FEED_PATH) },
    };
  },
};

function CategoryFilter({ current }: { current: BlogListFilter['category'] }) {
  const copy = useCopy('blog');
  const localize = useLocalize();
  const options = [undefined, ...BLOG_CATEGORIES];
  return (
    <nav aria-label={copy('filterLabel')}>
      <ul className="flex flex-wrap gap-2">
        {options.map((category) => {
          const active = category === current;
          return (
            <li key={category ?? 'all'}>
              <Link
                to={localize(blogListPath({ category, page: 1 }))}
                aria-current={active ? 'page' : undefined}
                preventScrollReset
                className={cx(
                  'inline-block rounded-full px-4 py-2 text-sm font-medium transition-colors',
                  FOCUS_RING,
                  active
                    ? 'bg-indigo-700 text-white shadow-sm shadow-indigo-700/30'
                    : 'bg-white text-slate-700 ring-1 ring-slate-200 hover:bg-slate-100',
                )}
              >
                {category ? copy(`categories.${category}`) : copy('allCategories')}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** `first`: the first card, whose picture is likely the page's largest paint: fetched at once, not lazily. */
function BlogCard({ post, first }: { post: BlogPostSummary; first: boolean }) {
  const copy = useCopy('blog');
  const locale = usePageLocale();
  return (
    <li>
      <article className="relative flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 transition-shadow focus-within:ring-2 focus-within:ring-indigo-600 hover:shadow-md">
        {post.image && (
          <BlogImage
            src={post.image}
            picture={post.imagePicture}
            sizes={CARD_IMAGE_SIZES}
            loading={first ? 'first' : 'lazy'}
          />
        )}
        <div className="flex flex-1 flex-col p-5">
          <p className="text-xs font-semibold tracking-wide text-indigo-700 uppercase">
            {copy(`categories.${post.category}`)}
          </p>
          <h2 className="mt-2 text-lg font-bold text-slate-900">
            {/* The whole card is the link's target area; the heading names it. */}
            <Link
              to={blogPostPath(post)}
              className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
            >
              {post.title}
            </Link>
          </h2>
          <p className="mt-2 line-clamp-2 text-slate-700">{post.description}</p>
          <p className="mt-auto flex items-center justify-between gap-3 pt-4 text-sm text-slate-600">
            <BusinessDate
              iso={post.publishedAt ?? post.createdAt}
              locale={locale === 'en' ? 'en-US' : INTL_LOCALE[locale]}
              options={CARD_DATE_OPTIONS}
            />
            <span className="inline-flex items-center gap-1">
              <Eye aria-hidden="true" className="size-4" />
              <ViewCount views={post.views} />
            </span>
          </p>
        </div>
      </article>
    </li>
  );
}

function Paging({ filter, pages }: { filter: BlogListFilter; pages: number }) {
  const copy = useCopy('blog');
  const localize = useLocalize();
  if (pages <= 1 && filter.page <= 1) return null;
  const linkClasses = cx(
    'rounded-full bg-white px-4 py-2 text-sm font-semibold text-indigo-700 ring-1 ring-indigo-200 hover:bg-indigo-50',
    FOCUS_RING,
  );
  return (
    <nav aria-label={copy('pagingLabel')} className="mt-10 flex items-center justify-center gap-4">
      {filter.page > 1 && (
        <Link to={localize(blogListPath({ ...filter, page: filter.page - 1 }))} className={linkClasses}>
          {copy('previousPage')}
        </Link>
      )}
      <span className="text-sm text-slate-600">
        {copy('pageOf', { page: filter.page, pages: Math.max(pages, filter.page) })}
      </span>
      {filter.page < pages && (
        <Link to={localize(blogListPath({ ...filter, page: filter.page + 1 }))} className={linkClasses}>
          {copy('nextPage')}
        </Link>
      )}
    </nav>
  );
}

/**
 * A language's blog with no posts at all (never the English one, which says what it always said): it says so
 * and leads to the other language's blog.
 */
function NoPostsInLanguage() {
  const copy = useCopy('blog');
  const other = usePageLocale() === 'en' ? 'hi' : 'en';
  return (
    <p className="py-12 text-center text-slate-600">
      {copy('noPostsInLanguage')}{' '}
      <Link
        to={localizedPath(other, '/blog')}
        hrefLang={INTL_LOCALE[other]}
        className={cx('rounded font-semibold text-indigo-700 underline', FOCUS_RING)}
      >
        {copy('otherLanguageBlog')}
      </Link>
    </p>
  );
}

export function BlogListPage() {
  const { items, total, pageSize, filter } = useLoaderData<BlogListData>();
  const copy = useCopy('blog');
  const locale = usePageLocale();
  const localize = useLocalize();
  const pages = Math.ceil(total / pageSize);
  const emptyLanguage = locale !== 'en' && total === 0 && filter.category === undefined;

  return (
    <div className="mx-auto max-w-6xl px-4 pb-16">
      <header className="pt-10 pb-8 text-center sm:pt-16">
        <h1 className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
          {copy('heading')}
        </h1>
        <p className="mt-4 text-lg text-slate-700">{copy('intro')}</p>
        <p className="mt-4">
          <a
            href={localize(FEED_PATH)}
            className={cx(
              'inline-flex items-center gap-1.5 rounded text-sm font-medium text-orange-900 hover:underline',
              FOCUS_RING,
            )}
          >
            <Rss aria-hidden="true" className="size-4" />
            {copy('rss')}
          </a>
        </p>
      </header>
      <CategoryFilter current={filter.category} />
      <div className="mt-8">
        {emptyLanguage ? (
          <NoPostsInLanguage />
        ) : items.length === 0 ? (
          <p className="py-12 text-center text-slate-600">{copy('empty')}</p>
        ) : (
          <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
            {items.map((post, index) => (
              <BlogCard key={post._id} post={post} first={index === 0} />
            ))}
          </ul>
        )}
      </div>
      <Paging filter={filter} pages={pages} />
    </div>
  );
}
