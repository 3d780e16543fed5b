import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MessageResponseSchema } from '../../../shared/contracts/api.ts';
import {
  type BlogListResponse,
  BlogListResponseSchema,
  type BlogPost,
  BlogPostResponseSchema,
  type BlogPostSummary,
  type BlogPostValues,
  BlogPreviewResponseSchema,
} from '../../../shared/contracts/blog.ts';
import { ADMIN_BLOG_PAGE_SIZE, ADMIN_BLOG_PAGE_SIZE_MAX } from '../../../shared/rules/blog.ts';
import type { Locale } from '../../../shared/rules/locales.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { pageQueryOptions, resourceKeys } from '../../lib/query-cache.ts';

const BASE = '/api/blogs';

const blogPosts = resourceKeys<number>('blog-posts');
const blogPostKeys = {
  ...blogPosts,
  preview: (content: string) => [...blogPostKeys.all, 'preview', content] as const,
};

const postPath = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

function fetchAdminBlogPosts(page: number, signal?: AbortSignal): Promise<BlogListResponse> {
  return apiRequest(`${BASE}/admin/all?page=${page}&pageSize=${ADMIN_BLOG_PAGE_SIZE}`, {
    signal,
    schema: BlogListResponseSchema,
  });
}

const adminBlogPostsQueryOptions = (page: number) =>
  pageQueryOptions(
    blogPostKeys.list(page),
    (signal) => fetchAdminBlogPosts(page, signal),
    'Failed to load blog posts',
  );

/** While a listed post waits for its time, the list is asked again this often: it turns Published by itself. */
const SCHEDULED_LIST_REFRESH_MS = 30_000;

/** Every post, drafts included, newest created first. */
export function useAdminBlogPosts(page: number) {
  return useQuery({
    ...adminBlogPostsQueryOptions(page),
    refetchInterval: (query) =>
      query.state.data?.data.some((post) => post.scheduledAt !== null) ? SCHEDULED_LIST_REFRESH_MS : false,
  });
}

/** The newest posts of a language, drafts too: what a post may be linked to as its translation. */
export function useTranslationCandidates(language: Locale) {
  return useQuery({
    queryKey: [...blogPostKeys.all, 'translations', language] as const,
    queryFn: ({ signal }) =>
      apiRequest(`${BASE}/admin/all?language=${language}&pageSize=${ADMIN_BLOG_PAGE_SIZE_MAX}`, {
        signal,
        schema: BlogListResponseSchema,
      }).then((response) => response.data),
  });
}

async function fetchBlogPost(id: string, signal?: AbortSignal): Promise<BlogPost> {
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

function createBlogPost(body: BlogPostBody): Promise<BlogPost> {
  return apiRequest(BASE, { method: 'POST', body, schema: BlogPostResponseSchema }).then(
    (response) => response.data,
  );
}

/** With `version`, the server refuses (409) a save over a version someone else saved meanwhile. */
function updateBlogPost(id: string, body: BlogPostBody, version?: number): Promise<BlogPost> {
  return apiRequest(postPath(id), {
    method: 'PUT',
    body: version === undefined ? body : { ...body, version },
    schema: BlogPostResponseSchema,
  }).then((response) => response.data);
}

function deleteBlogPost(id: string): Promise<unknown> {
  return apiRequest(postPath(id), { method: 'DELETE', schema: MessageResponseSchema });
}

/** The Markdown as the public post page renders it: HTML sanitized by the server. */
async function previewBlogContent(content: string, signal?: AbortSignal): Promise<string> {
  const { html } = await apiRequest(`${BASE}/preview`, {
    method: 'POST',
    body: { content },
    signal,
    schema: BlogPreviewResponseSchema,
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

/** Create puts the post at the top, update replaces it, delete removes it — so refetch. */
function invalidateBlogPosts(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    queryKey: blogPostKeys.all,
    predicate: ({ queryKey: [, kind] }) => kind !== 'preview' && kind !== 'detail',
  });
}

/** The saved post, put in place in every cached page at once so the row agrees before the refetch. */
function replaceInPage(page: BlogListResponse, post: BlogPostSummary): BlogListResponse {
  return { ...page, data: page.data.map((entry) => (entry._id === post._id ? post : entry)) };
}

export function useCreateBlogPost() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createBlogPost, onSettled: () => invalidateBlogPosts(queryClient) });
}

export interface BlogPostChange {
  id: string;
  body: BlogPostBody;
  /** The version the editor started from. */
  version?: number | undefined;
}

export function useUpdateBlogPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body, version }: BlogPostChange) => updateBlogPost(id, body, version),
    onSuccess: (post) => {
      const { content: _content, ...summary } = post;
      queryClient.setQueriesData<BlogListResponse>({ queryKey: blogPostKeys.lists() }, (page) =>
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
