import { ArrowLeft, Eye } from 'lucide-react';
import { isRouteErrorResponse, Link, useLoaderData, useRouteError } from 'react-router';
import type { PublicBlogPost } from '../../../shared/contracts/blog.ts';
import { INTL_LOCALE, localizedPath } from '../../../shared/rules/locales.ts';
import { absoluteUrl } from '../../head.ts';
import { useCopy, useLocalize, usePageLocale } from '../../i18n/copy.tsx';
import { cx } from '../../lib/class-names.ts';
import { MARKDOWN_CLASS_NAME } from '../../lib/markdown-class-name.ts';
import { blogPostLoader, blogPostPath } from '../blog/blog-data.ts';
import { BlogImage } from '../blog/blog-image.tsx';
import { ViewCount } from '../blog/view-count.tsx';
import type { PublicRouteHandle } from '../page-head.ts';
import { blogPostingJsonLd } from '../structured-data.ts';
import { BusinessDate } from '../ui/business-date.tsx';
import { ErrorPage } from './error-page.tsx';

export { blogPostLoader };

const FOCUS_RING = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';
/** The article's column: 48rem less its padding, the screen's width less the padding below that. */
const POST_IMAGE_SIZES = '(min-width: 48rem) 46rem, calc(100vw - 2rem)';
// The post's date in long US form, e.g. "March 5, 2026" (and in Hindi, "5 मार्च 2026").
const LONG_DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric' };

export const handle: PublicRouteHandle = {
  head: ({ match, copy, locale }) => {
    const post = match.data as PublicBlogPost | undefined;
    // No post (the loader's 404): the same head as any missing page.
    if (!post) {
      return {
        title: copy('site', 'notFound.title'),
        description: copy('blog', 'notFoundText'),
        path: null,
      };
    }
    const path = blogPostPath(post);
    return {
      title: copy('blog', 'postTitle', { title: post.title }),
      description: post.description,
      // A draft's preview is for its admin, never for an index.
      path: post.isPublished ? path : null,
      // The post exists in its own language, and in the other one when it has a published translation.
      alternates: {
        [post.language]: path,
        ...(post.translation ? { [post.translation.language]: blogPostPath(post.translation) } : {}),
      },
      type: 'article',
      image: post.image || undefined,
      feed: { title: copy('blog', 'feedTitle'), path: localizedPath(locale, '/blog/rss.xml') },
      jsonLd: post.isPublished ? (origin) => [blogPostingJsonLd(post, absoluteUrl(origin, path))] : undefined,
    };
  },
  // The post's translation when it has one; otherwise the other language's blog.
  otherLanguagePath: (data, locale) => {
    const translation = (data as PublicBlogPost | undefined)?.translation;
    return translation?.language === locale ? blogPostPath(translation) : localizedPath(locale, '/blog');
  },
};

function BackToBlogs() {
  const copy = useCopy('blog');
  const localize = useLocalize();
  return (
    <Link
      to={localize('/blog')}
      className={cx(
        'inline-flex items-center gap-2 rounded-full px-3 py-2 text-sm font-semibold text-indigo-700 hover:bg-indigo-50',
        FOCUS_RING,
      )}
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {copy('backToBlogs')}
    </Link>
  );
}

export function BlogPostPage() {
  const post = useLoaderData<PublicBlogPost>();
  const copy = useCopy('blog');
  const locale = usePageLocale();
  return (
    <article className="mx-auto max-w-3xl px-4 pt-6 pb-16 sm:pt-10">
      <BackToBlogs />
      {!post.isPublished && (
        <p
          role="note"
          className="mt-4 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200"
        >
          {copy('draftPreview')}
        </p>
      )}
      {post.image && (
        <BlogImage
          src={post.image}
          picture={post.imagePicture}
          alt={post.imageAlt}
          sizes={POST_IMAGE_SIZES}
          loading="first"
          className="mt-6 rounded-2xl shadow-sm"
        />
      )}
      <p className="mt-6 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
        <span className="rounded-full bg-indigo-50 px-3 py-1 font-semibold text-indigo-700">
          {copy(`categories.${post.category}`)}
        </span>
        <span className="inline-flex items-center gap-1">
          <Eye aria-hidden="true" className="size-4" />
          <ViewCount views={post.views} />
        </span>
        <BusinessDate
          iso={post.publishedAt ?? post.createdAt}
          locale={locale === 'en' ? 'en-US' : INTL_LOCALE[locale]}
          options={LONG_DATE}
        />
        <span>{copy('byAuthor', { author: post.author })}</span>
      </p>
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-4xl">
        {post.title}
      </h1>
      <div
        className={cx('mt-8 text-lg', MARKDOWN_CLASS_NAME)}
        // Rendered from Markdown and sanitized by the server (src/server/features/blog/markdown.ts).
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized server-side HTML
        dangerouslySetInnerHTML={{ __html: post.html }}
      />
    </article>
  );
}

/** A missing post: 'Blog Not Found' and the way back; other failures get the generic error page. */
export function BlogPostErrorBoundary() {
  const error = useRouteError();
  const copy = useCopy('blog');
  if (!isRouteErrorResponse(error) || error.status !== 404) return <ErrorPage error={error} />;
  return (
    <section aria-labelledby="blog-not-found" className="mx-auto max-w-3xl px-4 py-16 sm:py-24">
      <h1 id="blog-not-found" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        {copy('notFoundTitle')}
      </h1>
      <p className="mt-4 text-lg text-slate-700">{copy('notFoundText')}</p>
      <div className="mt-8">
        <BackToBlogs />
      </div>
    </section>
  );
}
