import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MessageResponseSchema } from '../../../shared/contracts/api.ts';
import {
  type ContactChannel,
  type ContactChannelCreate,
  ContactChannelListResponseSchema,
  ContactChannelResponseSchema,
  type ContactChannelUpdate,
} from '../../../shared/contracts/contact-channels.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { screenQueryOptions } from '../../lib/query-cache.ts';

const contactChannelKeys = { all: ['contact-channels'] as const };

async function fetchContactChannels(signal?: AbortSignal): Promise<ContactChannel[]> {
  const { contacts } = await apiRequest('/api/contacts', {
    signal,
    schema: ContactChannelListResponseSchema,
  });
  return contacts;
}

const contactChannelsQueryOptions = () =>
  screenQueryOptions(contactChannelKeys.all, fetchContactChannels, 'Failed to load contacts');

export function useContactChannels() {
  return useQuery(contactChannelsQueryOptions());
}

function createContactChannel(input: ContactChannelCreate): Promise<ContactChannel> {
  return apiRequest('/api/contacts', {
    method: 'POST',
    body: input,
    schema: ContactChannelResponseSchema,
  }).then((response) => response.contact);
}

function updateContactChannel(id: string, changes: ContactChannelUpdate): Promise<ContactChannel> {
  return apiRequest(`/api/contacts/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: changes,
    schema: ContactChannelResponseSchema,
  }).then((response) => response.contact);
}

function deleteContactChannel(id: string): Promise<unknown> {
  return apiRequest(`/api/contacts/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    schema: MessageResponseSchema,
  });
}

function useInvalidateContactChannels() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: contactChannelKeys.all });
}

export function useCreateContactChannel() {
  const invalidate = useInvalidateContactChannels();
  return useMutation({ mutationFn: createContactChannel, onSettled: invalidate });
}

export interface ContactChannelChange {
  id: string;
  changes: ContactChannelUpdate;
}

/** What the list looks like once a change is applied; shown at once, undone if the server refuses. */
export function applyContactChannelChange(
  list: ContactChannel[],
  { id, changes }: ContactChannelChange,
): ContactChannel[] {
  const { position, ...fields } = changes;
  const index = list.findIndex((channel) => channel._id === id);
  const current = list[index];
  if (!current) return list;
  const updated = {
    ...current,
    ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)),
  };
  const rest = list.filter((channel) => channel._id !== id);
  const target = position === undefined ? index : Math.min(position, rest.length);
  return [...rest.slice(0, target), updated, ...rest.slice(target)];
}

export function useUpdateContactChannel() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateContactChannels();
  return useMutation({
    mutationFn: ({ id, changes }: ContactChannelChange) => updateContactChannel(id, changes),
    onMutate: async (change) => {
      // Toggles and moves show at once; the value edit waits for the server, which may refuse it.
      if (change.changes.value !== undefined) return { previous: undefined };
      await queryClient.cancelQueries({ queryKey: contactChannelKeys.all });
      const previous = queryClient.getQueryData<ContactChannel[]>(contactChannelKeys.all);
      if (previous)
        queryClient.setQueryData(contactChannelKeys.all, applyContactChannelChange(previous, change));
      return { previous };
    },
    onError: (_error, _change, context) => {
      if (context?.previous) queryClient.setQueryData(contactChannelKeys.all, context.previous);
    },
    onSettled: invalidate,
  });
}

export function useDeleteContactChannel() {
  const invalidate = useInvalidateContactChannels();
  return useMutation({ mutationFn: deleteContactChannel, onSettled: invalidate });
}
