import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MessageResponseSchema } from '../../../shared/contracts/api.ts';
import {
  type ReplyTemplateInput,
  ReplyTemplateSavedResponseSchema,
  ReplyTemplatesResponseSchema,
} from '../../../shared/contracts/reply-templates.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { screenQueryOptions } from '../../lib/query-cache.ts';

const BASE = '/api/reply-templates';
const templatesKey = ['reply-templates'] as const;
const templatePath = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

/** The team's reply templates (decision 078), by title. */
export function useReplyTemplates() {
  return useQuery(
    screenQueryOptions(
      templatesKey,
      async (signal) => (await apiRequest(BASE, { signal, schema: ReplyTemplatesResponseSchema })).templates,
      'Failed to load the reply templates',
    ),
  );
}

function useTemplateChange<Variables>(request: (variables: Variables) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSettled: () => queryClient.invalidateQueries({ queryKey: templatesKey }),
  });
}

export const useSaveReplyTemplate = () =>
  useTemplateChange(({ id, body }: { id: string | null; body: ReplyTemplateInput }) =>
    apiRequest(id ? templatePath(id) : BASE, {
      method: id ? 'PUT' : 'POST',
      body,
      schema: ReplyTemplateSavedResponseSchema,
    }),
  );

export const useDeleteReplyTemplate = () =>
  useTemplateChange((id: string) =>
    apiRequest(templatePath(id), { method: 'DELETE', schema: MessageResponseSchema }),
  );
