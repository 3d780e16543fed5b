import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MessageResponseSchema } from '../../../shared/contracts/api.ts';
import { BlogPostResponseSchema } from '../../../shared/contracts/blog.ts';
import {
  type Autosave,
  type AutosaveBody,
  AutosaveResponseSchema,
  AutosaveSavedResponseSchema,
  type BlogRevision,
  BlogRevisionListResponseSchema,
  BlogRevisionResponseSchema,
  type BlogRevisionSummary,
} from '../../../shared/contracts/blog-revisions.ts';
import { apiRequest } from '../../lib/api-client.ts';

// Under the posts' own key: a restore refetches the lists with them (api.ts invalidates `blog-posts`).
const revisionKeys = {
  list: (postId: string) => ['blog-posts', 'revisions', postId] as const,
  detail: (postId: string, revisionId: string) => ['blog-posts', 'revisions', postId, revisionId] as const,
};
const autosaveKey = (postKey: string) => ['blog-autosaves', postKey] as const;

const revisionsPath = (postId: string) => `/api/blogs/admin/${encodeURIComponent(postId)}/revisions`;
const autosavePath = (postKey: string) => `/api/blogs/autosaves/${encodeURIComponent(postKey)}`;

/** A post's revisions, newest first; asked afresh each time the list is opened. */
export function useBlogRevisions(postId: string) {
  return useQuery({
    queryKey: revisionKeys.list(postId),
    queryFn: async ({ signal }): Promise<BlogRevisionSummary[]> =>
      (await apiRequest(revisionsPath(postId), { signal, schema: BlogRevisionListResponseSchema })).data,
    staleTime: 0,
    gcTime: 0,
  });
}

export function useBlogRevision(postId: string, revisionId: string | null) {
  return useQuery({
    queryKey: revisionKeys.detail(postId, revisionId ?? ''),
    queryFn: async ({ signal }): Promise<BlogRevision> =>
      (
        await apiRequest(`${revisionsPath(postId)}/${encodeURIComponent(revisionId ?? '')}`, {
          signal,
          schema: BlogRevisionResponseSchema,
        })
      ).data,
    enabled: revisionId !== null,
    // A revision never changes.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export interface RevisionRestore {
  postId: string;
  revisionId: string;
  /** The version the editor started from: a 409 if someone saved since. */
  version?: number | undefined;
}

export function useRestoreBlogRevision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ postId, revisionId, version }: RevisionRestore) =>
      (
        await apiRequest(`${revisionsPath(postId)}/${encodeURIComponent(revisionId)}/restore`, {
          method: 'POST',
          body: version === undefined ? {} : { version },
          schema: BlogPostResponseSchema,
        })
      ).data,
    onSettled: () =>
      queryClient.invalidateQueries({
        queryKey: ['blog-posts'],
        predicate: ({ queryKey: [, kind] }) => kind !== 'preview' && kind !== 'detail',
      }),
  });
}

// A post's draft requests go out one after another: a discard sent after a save of the draft must not
// arrive before it and leave the draft behind.
const queues = new Map<string, Promise<unknown>>();
function inTurn<T>(postKey: string, send: () => Promise<T>): Promise<T> {
  const next = (queues.get(postKey) ?? Promise.resolve()).catch(() => undefined).then(send);
  queues.set(postKey, next);
  return next;
}

/** The signed-in user's own draft of a post (`new`: of a new post), or null; asked once per opening. */
export function useAutosave(postKey: string) {
  return useQuery({
    queryKey: autosaveKey(postKey),
    // In turn with the draft's saves and discards, so a discard just sent is not answered with the draft.
    queryFn: ({ signal }): Promise<Autosave | null> =>
      inTurn(
        postKey,
        async () =>
          (await apiRequest(autosavePath(postKey), { signal, schema: AutosaveResponseSchema })).data,
      ),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
}

/**
 * Keeps the editor's values as the user's draft; returns when the server kept it. With `keepalive` the
 * request outlives the page (a tab being closed), and does not wait its turn: there is no later turn.
 */
export function saveAutosave(postKey: string, body: AutosaveBody, keepalive = false): Promise<string> {
  const send = async () =>
    (
      await apiRequest(autosavePath(postKey), {
        method: 'PUT',
        body,
        schema: AutosaveSavedResponseSchema,
        ...(keepalive ? { keepalive } : {}),
      })
    ).savedAt;
  return keepalive ? send() : inTurn(postKey, send);
}

/** Forgets the user's draft of a post (after a save, or when they discard it); failures are ignored. */
export function discardAutosave(postKey: string): Promise<unknown> {
  return inTurn(postKey, () =>
    apiRequest(autosavePath(postKey), { method: 'DELETE', schema: MessageResponseSchema }),
  ).catch(() => undefined);
}
