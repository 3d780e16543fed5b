import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { z } from 'zod';
import { MessageResponseSchema } from '../../../shared/contracts/api.ts';
import type { BlogPostValues } from '../../../shared/contracts/blog.ts';
import { BLOG_CATEGORIES, type BlogPost, type BlogPostSummary } from '../../../shared/rules/blog.ts';
import { apiRequest } from '../../lib/api-client.ts';

const BASE = '/api/blogs';

/** The admin list's page size: the most the API gives in one answer. */
export const ADMIN_BLOG_PAGE_SIZE = 50;

// The answers are checked against the shared types, so a changed contract fails here, loudly.
const BlogPostSummarySchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  slug: z.string(),
  category: z.enum(BLOG_CATEGORIES),
  image: z.string(),
  author: z.string(),
  isPublished: z.boolean(),
  views: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
}) satisfies z.ZodType<BlogPostSummary>;
const BlogPostSchema = BlogPostSummarySchema.extend({ content: z.string() }) satisfies z.ZodType<BlogPost>;

const BlogListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(BlogPostSummarySchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type BlogPostPage = z.infer<typeof BlogListResponseSchema>;
const BlogPostResponseSchema = z.object({ success: z.literal(true), data: BlogPostSchema });
const PreviewResponseSchema = z.object({ success: z.literal(true), html: z.string() });

export const blogPostKeys = {
  all: ['blog-posts'] as const,
  lists: () => [...blogPostKeys.all, 'list'] as const,
  list: (page: number) => [...blogPostKeys.lists(), page] as const,
  detail: (id: string) => [...blogPostKeys.all, 'detail', id] as const,
  preview: (content: string) => [...blogPostKeys.all, 'preview', content] as const,
};

const postPath = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

export function fetchAdminBlogPosts(page: number, signal?: AbortSignal): Promise<BlogPostPage> {
  return apiRequest(`${BASE}/admin/all?page=${page}&pageSize=${ADMIN_BLOG_PAGE_SIZE}`, {
    signal,
    schema: BlogListResponseSchema,
  });
}

export const adminBlogPostsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: blogPostKeys.list(page),
    queryFn: ({ signal }) => fetchAdminBlogPosts(page, signal),
    // The page being left stays on screen until the next one has arrived.
    placeholderData: keepPreviousData,
    meta: { errorMessage: 'Failed to load blog posts' },
  });

/** Every post, drafts included, newest created first. */
export function useAdminBlogPosts(page: number) {
  return useQuery(adminBlogPostsQueryOptions(page));
}

export async function fetchBlogPost(id: string, signal?: AbortSignal): Promise<BlogPost> {
  const { data } = await apiRequest(`${BASE}/admin/${encodeURIComponent(id)}`, {
    signal,
    schema: BlogPostResponseSchema,
  });
  return data;
}

/** One post with its content, for the edit form; always asked afresh so the form edits the latest. */
export function useBlogPost(id: string | null) {
  return useQuery({
    queryKey: blogPostKeys.detail(id ?? ''),
    queryFn: ({ signal }) => fetchBlogPost(id ?? '', signal),
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

export type BlogPostBody = BlogPostValues;

export function createBlogPost(body: BlogPostBody): Promise<BlogPost> {
  return apiRequest(BASE, { method: 'POST', body, schema: BlogPostResponseSchema }).then(
    (response) => response.data,
  );
}

export function updateBlogPost(id: string, body: BlogPostBody): Promise<BlogPost> {
  return apiRequest(postPath(id), { method: 'PUT', body, schema: BlogPostResponseSchema }).then(
    (response) => response.data,
  );
}

export function deleteBlogPost(id: string): Promise<unknown> {
  return apiRequest(postPath(id), { method: 'DELETE', schema: MessageResponseSchema });
}

/** The Markdown as the public post page renders it: HTML sanitized by the server. */
export async function previewBlogContent(content: string, signal?: AbortSignal): Promise<string> {
  const { html } = await apiRequest(`${BASE}/preview`, {
    method: 'POST',
    body: { content },
    signal,
    schema: PreviewResponseSchema,
  });
  return html;
}

export function useBlogContentPreview(content: string, enabled: boolean) {
  return useQuery({
    queryKey: blogPostKeys.preview(content),
    queryFn: ({ signal }) => previewBlogContent(content, signal),
    enabled: enabled && content.trim() !== '',
    // The same Markdown always renders the same; no need to ask twice.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
    retry: false,
  });
}

/** SPEC section 4: create puts the post at the top, update replaces it, delete removes it — so refetch. */
function invalidateBlogPosts(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    queryKey: blogPostKeys.all,
    predicate: ({ queryKey: [, kind] }) => kind !== 'preview' && kind !== 'detail',
  });
}

/** The saved post, put in place in every cached page at once so the row agrees before the refetch. */
export function replaceInPage(page: BlogPostPage, post: BlogPostSummary): BlogPostPage {
  return { ...page, data: page.data.map((entry) => (entry._id === post._id ? post : entry)) };
}

export function useCreateBlogPost() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createBlogPost, onSettled: () => invalidateBlogPosts(queryClient) });
}

export interface BlogPostChange {
  id: string;
  body: BlogPostBody;
}

export function useUpdateBlogPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: BlogPostChange) => updateBlogPost(id, body),
    onSuccess: (post) => {
      const { content: _content, ...summary } = post;
      queryClient.setQueriesData<BlogPostPage>({ queryKey: blogPostKeys.lists() }, (page) =>
        page ? replaceInPage(page, summary) : page,
      );
    },
    onSettled: () => invalidateBlogPosts(queryClient),
  });
}

export function useDeleteBlogPost() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteBlogPost, onSettled: () => invalidateBlogPosts(queryClient) });
}
