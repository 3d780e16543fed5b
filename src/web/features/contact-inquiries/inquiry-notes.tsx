import { Pencil, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import {
  type InquiryNote,
  type InquiryNoteInput,
  InquiryNoteInputSchema,
} from '../../../shared/contracts/inquiry-notes.ts';
import { INQUIRY_NOTE_MAX_LENGTH, INQUIRY_TEAM_MESSAGES } from '../../../shared/rules/contact-inquiries.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { usePendingDelete } from '../../lib/use-pending-delete.ts';
import { CHECK_FROM_FIRST_SUBMIT, useZodForm } from '../../lib/use-zod-form.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDeleteDialog } from '../../ui/confirm-dialog.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { TextAreaField } from '../../ui/text-field.tsx';
import { InquiryPart, InquiryPartList } from './inquiry-part.tsx';
import {
  useAddInquiryNote,
  useDeleteInquiryNote,
  useInquiryNotes,
  useUpdateInquiryNote,
} from './team-api.ts';

/** A note's text: written, or rewritten in place. */
function NoteForm({
  label,
  defaultBody,
  submitLabel,
  pendingLabel,
  save,
  onCancel,
}: {
  label: string;
  defaultBody: string;
  submitLabel: string;
  pendingLabel: string;
  /** Resolves once saved; a refusal rejects, and its message goes under the field. */
  save: (input: InquiryNoteInput) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const { field, ...form } = useZodForm<InquiryNoteInput, InquiryNoteInput>(InquiryNoteInputSchema, {
    defaultValues: { body: defaultBody },
    ...CHECK_FROM_FIRST_SUBMIT,
  });
  const onSubmit = form.handleSubmit((values) =>
    save(values).then(
      () => form.reset({ body: onCancel ? values.body : '' }),
      (error: unknown) => form.showRefusal(error, ['body'], 'Failed to save the note'),
    ),
  );
  const pending = form.formState.isSubmitting;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-2">
      <TextAreaField
        label={label}
        rows={3}
        maxLength={INQUIRY_NOTE_MAX_LENGTH}
        // Editing starts where the text is; a new note is written when the admin chooses to.
        autoFocus={Boolean(onCancel)}
        {...field('body')}
      />
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel && (
          <Button variant="secondary" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
        )}
        <Button type="submit" variant={onCancel ? 'primary' : 'secondary'} disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}

function NoteItem({
  note,
  own,
  inquiryId,
  onDelete,
}: {
  note: InquiryNote;
  own: boolean;
  inquiryId: string;
  onDelete: (note: InquiryNote) => void;
}) {
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  const update = useUpdateInquiryNote(inquiryId);

  // Back from editing, focus returns to the Edit button it started from.
  useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  return (
    <li className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm">
      <article aria-label={`Note by ${note.author.name}`}>
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
          <p className="min-w-0 text-slate-600">
            <span className="font-medium text-slate-900">{note.author.name}</span>
            <span aria-hidden="true"> · </span>
            <DateTime value={note.createdAt} className="text-xs" />
            {note.edited && (
              <span className="text-xs">
                {' '}
                (edited <DateTime value={note.updatedAt} />)
              </span>
            )}
          </p>
          {own && !editing && (
            <div className="flex gap-1">
              <Button
                ref={editButton}
                variant="ghost"
                size="icon"
                aria-label="Edit note"
                onClick={() => setEditing(true)}
              >
                <Pencil aria-hidden="true" className="size-4" />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                aria-label="Delete note"
                className="text-red-600 hover:bg-red-50"
                onClick={() => onDelete(note)}
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </Button>
            </div>
          )}
        </div>
        {editing ? (
          <div className="mt-2">
            <NoteForm
              label="Edit note"
              defaultBody={note.body}
              submitLabel="Save note"
              pendingLabel="Saving..."
              save={(input) =>
                update.mutateAsync({ noteId: note._id, input }).then(() => {
                  toast.success(INQUIRY_TEAM_MESSAGES.noteUpdated);
                  setEditing(false);
                })
              }
              onCancel={() => setEditing(false)}
            />
          </div>
        ) : (
          <p className="mt-1 break-words whitespace-pre-wrap text-slate-900">{note.body}</p>
        )}
      </article>
    </li>
  );
}

export interface InquiryNotesProps {
  inquiryId: string;
  /** The signed-in user: their own notes get Edit and Delete. */
  currentAdminId?: string;
}

/** The team's private notes on the inquiry, oldest first, and a form to add one. */
export function InquiryNotes({ inquiryId, currentAdminId }: InquiryNotesProps) {
  const notes = useInquiryNotes(inquiryId);
  const add = useAddInquiryNote(inquiryId);
  const heading = useRef<HTMLHeadingElement>(null);
  const deleted = useRef(false);
  const removal = usePendingDelete<InquiryNote>(useDeleteInquiryNote(inquiryId), {
    onDeleted: () => {
      deleted.current = true;
      toast.success(INQUIRY_TEAM_MESSAGES.noteDeleted);
    },
    failedMessage: (error) => errorMessage(error, 'Failed to delete the note'),
  });

  return (
    <InquiryPart title="Notes" headingRef={heading}>
      <p className="text-xs text-slate-600">Only the team sees notes; the visitor never does.</p>
      <InquiryPartList query={notes} noun="notes" empty="No notes yet.">
        {(note) => (
          <NoteItem
            key={note._id}
            note={note}
            own={currentAdminId !== undefined && note.author._id === currentAdminId}
            inquiryId={inquiryId}
            onDelete={removal.ask}
          />
        )}
      </InquiryPartList>
      <NoteForm
        label="Add a note"
        defaultBody=""
        submitLabel="Add note"
        pendingLabel="Adding..."
        save={(input) => add.mutateAsync(input).then(() => toast.success(INQUIRY_TEAM_MESSAGES.noteAdded))}
      />
      <ConfirmDeleteDialog
        {...removal.dialog}
        title="Delete note"
        description={INQUIRY_TEAM_MESSAGES.noteDeleteConfirm}
        onCloseAutoFocus={(event) => {
          // The note and its buttons are gone: focus goes to the notes' heading instead.
          if (!deleted.current) return;
          deleted.current = false;
          event.preventDefault();
          heading.current?.focus();
        }}
      />
    </InquiryPart>
  );
}
