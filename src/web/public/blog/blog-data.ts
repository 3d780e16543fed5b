import { data, type LoaderFunctionArgs, redirect } from 'react-router';
import type { PublicBlogPost, PublishedBlogPage } from '../../../shared/contracts/blog.ts';
import {
  BLOG_PAGE_SIZE,
  type BlogCategory,
  isBlogCategory,
  isPossibleSlug,
} from '../../../shared/rules/blog.ts';
import { type Locale, localeOfPath, localizedPath } from '../../../shared/rules/locales.ts';
import { serverDataContext } from '../../server-context.ts';

/** The blog pages' loaders, from the server's data context (the server alone renders public pages). */

export interface BlogListFilter {
  /** undefined: every category. An unknown ?category= shows every post rather than a 404 (decision 010). */
  category: BlogCategory | undefined;
  page: number;
}

function blogListFilter(search: URLSearchParams): BlogListFilter {
  const category = search.get('category');
  const page = Number(search.get('page') ?? '1');
  return {
    category: isBlogCategory(category) ? category : undefined,
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

/**
 * The list's address for a filter: `/blog`, `/blog?category=Sports`, `/blog?category=Sports&page=2` (in
 * English: links localize it).
 */
export function blogListPath({ category, page }: BlogListFilter): string {
  const search = new URLSearchParams();
  if (category) search.set('category', category);
  if (page > 1) search.set('page', String(page));
  const query = search.toString();
  return query ? `/blog?${query}` : '/blog';
}

export interface BlogListData extends PublishedBlogPage {
  filter: BlogListFilter;
}

/** A post's page: in its own language's blog (`/blog/x`, `/hi/blog/y`). */
export function blogPostPath(post: { slug: string; language: Locale }): string {
  return localizedPath(post.language, `/blog/${post.slug}`);
}

function notFound(): never {
  throw data(null, { status: 404, statusText: 'Not Found' });
}

export async function blogListLoader({ context, request }: LoaderFunctionArgs): Promise<BlogListData> {
  const url = new URL(request.url);
  const filter = blogListFilter(url.searchParams);
  // Each language's blog lists its own posts.
  const language = localeOfPath(url.pathname);
  const query = { language, category: filter.category, page: filter.page, pageSize: BLOG_PAGE_SIZE };
  return { ...(await serverDataContext(context).publishedBlogPosts(query)), filter };
}

export async function blogPostLoader({
  context,
  params,
  request,
}: LoaderFunctionArgs): Promise<PublicBlogPost> {
  const slug = params.slug ?? '';
  if (!isPossibleSlug(slug)) return notFound();
  const post = (await serverDataContext(context).blogPost(slug)) ?? notFound();
  // A post lives in its own language's blog: asked for at the other one, it is sent there for good.
  if (post.language !== localeOfPath(new URL(request.url).pathname)) throw redirect(blogPostPath(post), 301);
  return post;
}
