import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MessageResponseSchema } from '../../../shared/contracts/api.ts';
import {
  type Inquiry,
  InquiryAssigneesResponseSchema,
  InquiryResponseSchema,
} from '../../../shared/contracts/contact-inquiries.ts';
import { InquiryHistoryResponseSchema } from '../../../shared/contracts/inquiry-history.ts';
import {
  type InquiryNote,
  type InquiryNoteInput,
  InquiryNoteResponseSchema,
  InquiryNotesResponseSchema,
} from '../../../shared/contracts/inquiry-notes.ts';
import type { InquiryReplyChannel } from '../../../shared/rules/contact-inquiries.ts';
import { apiRequest, isSessionError } from '../../lib/api-client.ts';
import { invalidateResource } from '../../lib/query-cache.ts';
import { inquiryKeys } from '../../lib/query-keys.ts';

// What the team does on an inquiry besides its status: notes, assignment, and the history they leave.

const inquiryPath = (id: string, action: string) =>
  `/api/contact-inquiries/${encodeURIComponent(id)}${action}`;
const notePath = (id: string, noteId: string) => inquiryPath(id, `/notes/${encodeURIComponent(noteId)}`);

/** A change here shows in the lists (assignee), the inquiry, its notes and its history: all refetched. */
const refetchInquiries = (queryClient: ReturnType<typeof useQueryClient>) =>
  invalidateResource(queryClient, inquiryKeys.all);

export function useInquiryNotes(id: string | null) {
  return useQuery({
    queryKey: inquiryKeys.notes(id ?? ''),
    queryFn: ({ signal }) =>
      apiRequest(inquiryPath(id ?? '', '/notes'), { signal, schema: InquiryNotesResponseSchema }).then(
        ({ notes }) => notes,
      ),
    enabled: id !== null,
  });
}

export function useInquiryHistory(id: string | null) {
  return useQuery({
    queryKey: inquiryKeys.history(id ?? ''),
    queryFn: ({ signal }) =>
      apiRequest(inquiryPath(id ?? '', '/history'), { signal, schema: InquiryHistoryResponseSchema }).then(
        ({ events }) => events,
      ),
    enabled: id !== null,
  });
}

export function useAddInquiryNote(inquiryId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InquiryNoteInput): Promise<InquiryNote> =>
      apiRequest(inquiryPath(inquiryId, '/notes'), {
        method: 'POST',
        body: input,
        schema: InquiryNoteResponseSchema,
      }).then(({ note }) => note),
    onSettled: () => refetchInquiries(queryClient),
  });
}

export function useUpdateInquiryNote(inquiryId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ noteId, input }: { noteId: string; input: InquiryNoteInput }): Promise<InquiryNote> =>
      apiRequest(notePath(inquiryId, noteId), {
        method: 'PATCH',
        body: input,
        schema: InquiryNoteResponseSchema,
      }).then(({ note }) => note),
    onSettled: () => refetchInquiries(queryClient),
  });
}

export function useDeleteInquiryNote(inquiryId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (noteId: string) =>
      apiRequest(notePath(inquiryId, noteId), { method: 'DELETE', schema: MessageResponseSchema }),
    onSettled: () => refetchInquiries(queryClient),
  });
}

const assigneesQueryOptions = () =>
  queryOptions({
    queryKey: inquiryKeys.assignees(),
    queryFn: ({ signal }) =>
      apiRequest('/api/contact-inquiries/assignees', { signal, schema: InquiryAssigneesResponseSchema }).then(
        ({ assignees }) => assignees,
      ),
    // The team changes seldom; a live event or a focus after a minute asks again.
    staleTime: 60_000,
  });

/** The team members an inquiry can be assigned to. */
export function useInquiryAssignees() {
  return useQuery(assigneesQueryOptions());
}

export function useAssignInquiry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, userId }: { id: string; userId: string | null }): Promise<Inquiry> =>
      apiRequest(inquiryPath(id, '/assignee'), {
        method: 'PUT',
        body: { userId },
        schema: InquiryResponseSchema,
      }).then(({ inquiry }) => inquiry),
    onSuccess: (inquiry) => queryClient.setQueryData(inquiryKeys.detail(inquiry._id), inquiry),
    onSettled: () => refetchInquiries(queryClient),
  });
}

/**
 * Tells the server that a reply link of the inquiry was opened, for its history. The link opens at once
 * whatever happens here: the request outlives the page if the link leaves it, and a failure is only logged.
 */
function recordReplyLink(id: string, channel: InquiryReplyChannel, templateId?: string): Promise<void> {
  return apiRequest(inquiryPath(id, '/reply-link'), {
    method: 'POST',
    body: { channel, ...(templateId ? { templateId } : {}) },
    keepalive: true,
    schema: MessageResponseSchema,
  }).then(
    () => undefined,
    (error: unknown) => {
      if (!isSessionError(error)) console.warn('Failed to record the reply link', error);
    },
  );
}

/** recordReplyLink, then the history on screen is asked again. */
export function useRecordReplyLink() {
  const queryClient = useQueryClient();
  return (id: string, channel: InquiryReplyChannel, templateId?: string) =>
    void recordReplyLink(id, channel, templateId).then(() =>
      queryClient.invalidateQueries({ queryKey: inquiryKeys.history(id) }),
    );
}
