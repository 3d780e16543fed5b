import { useState } from 'react';
import { toast } from 'sonner';
import { isSessionError } from './api-client.ts';

interface DeleteMutation {
  mutate: (
    id: string,
    callbacks: { onSuccess: () => void; onError: (error: unknown) => void; onSettled: () => void },
  ) => void;
  isPending: boolean;
}

interface PendingDeleteOptions<Entry> {
  onDeleted: (entry: Entry) => void;
  failedMessage: (error: unknown) => string;
  /** What deleting this entry does, for the confirmation's description (or the caller gives its own). */
  describe?: (entry: Entry) => string;
}

/**
 * An entry of a list to delete once the admin confirms: `ask` opens the confirmation, `dialog` is its
 * state for a ConfirmDeleteDialog. A failure is toasted, unless the session is gone (the sign-in screen
 * takes over then).
 */
export function usePendingDelete<Entry extends { _id: string }>(
  mutation: DeleteMutation,
  { onDeleted, failedMessage, describe }: PendingDeleteOptions<Entry>,
) {
  const [entry, setEntry] = useState<Entry | null>(null);
  const confirm = () => {
    if (!entry) return;
    mutation.mutate(entry._id, {
      onSuccess: () => onDeleted(entry),
      onError: (error) => {
        if (!isSessionError(error)) toast.error(failedMessage(error));
      },
      onSettled: () => setEntry(null),
    });
  };
  return {
    entry,
    ask: setEntry,
    dialog: {
      open: entry !== null,
      onOpenChange: (open: boolean) => !open && setEntry(null),
      pending: mutation.isPending,
      onConfirm: confirm,
      description: entry && describe ? describe(entry) : '',
    },
  };
}
