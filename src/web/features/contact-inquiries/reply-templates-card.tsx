import { Pencil, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import {
  type ReplyTemplate,
  type ReplyTemplateInput,
  ReplyTemplateInputSchema,
} from '../../../shared/contracts/reply-templates.ts';
import { REPLY_TEMPLATE_LIMITS } from '../../../shared/rules/reply-templates.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { usePendingDelete } from '../../lib/use-pending-delete.ts';
import { CHECK_FROM_FIRST_SUBMIT, useZodForm } from '../../lib/use-zod-form.ts';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { ConfirmDeleteDialog } from '../../ui/confirm-dialog.tsx';
import { CardQueryList } from '../../ui/query-content.tsx';
import { LANGUAGE_OPTIONS, RadioRow } from '../../ui/radio-row.tsx';
import { TextAreaField, TextField } from '../../ui/text-field.tsx';
import { useDeleteReplyTemplate, useReplyTemplates, useSaveReplyTemplate } from './reply-templates-api.ts';

const SERVER_FIELDS = ['title', 'body', 'language'] as const;
const EMPTY_TEMPLATE: ReplyTemplateInput = { title: '', body: '', language: 'en' };
const BODY_HINT =
  'Filled in for each inquiry: {name}, {service}, {brand}, {agent} (you) and {hours}. Put a blank you fill in when replying in double brackets, e.g. [[price]].';

/** Adds a template, or changes `editing` and then goes back to adding. */
function TemplateForm({ editing, onDone }: { editing: ReplyTemplate | null; onDone: () => void }) {
  const save = useSaveReplyTemplate();
  const { field, showRefusal, ...form } = useZodForm(ReplyTemplateInputSchema, {
    values: editing
      ? { title: editing.title, body: editing.body, language: editing.language }
      : EMPTY_TEMPLATE,
    ...CHECK_FROM_FIRST_SUBMIT,
  });
  const onSubmit = form.handleSubmit((body) =>
    save.mutate(
      { id: editing?._id ?? null, body },
      {
        onSuccess: () => {
          toast.success(editing ? 'Template saved' : 'Template added');
          form.reset(EMPTY_TEMPLATE);
          onDone();
        },
        onError: (error) => showRefusal(error, SERVER_FIELDS, 'The template could not be saved'),
      },
    ),
  );
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={editing ? `Edit template ${editing.title}` : 'Add a template'}
      className="mt-4 space-y-4"
    >
      <TextField
        label="Title"
        autoComplete="off"
        maxLength={REPLY_TEMPLATE_LIMITS.title}
        hint="What the team picks it by, e.g. “Price quote”."
        {...field('title')}
      />
      <TextAreaField
        label="Text"
        rows={5}
        maxLength={REPLY_TEMPLATE_LIMITS.body}
        hint={BODY_HINT}
        {...field('body')}
      />
      <RadioRow legend="For inquiries in" options={LANGUAGE_OPTIONS} registered={form.register('language')} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : editing ? 'Save template' : 'Add template'}
        </Button>
        {editing && (
          <Button variant="secondary" onClick={onDone}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}

function TemplateRow({
  template,
  onEdit,
  onDelete,
}: {
  template: ReplyTemplate;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const id = useId();
  const language = LANGUAGE_OPTIONS.find((option) => option.value === template.language)?.label;
  return (
    <li aria-labelledby={`${id}-title`} className="space-y-2 py-4">
      <p className="flex flex-wrap items-baseline gap-2">
        <span id={`${id}-title`} className="font-medium break-words text-slate-900">
          {template.title}
        </span>
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">{language}</span>
      </p>
      <p className="text-sm break-words whitespace-pre-wrap text-slate-600">{template.body}</p>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={onEdit} aria-label={`Edit template ${template.title}`}>
          <Pencil aria-hidden="true" className="size-4" />
          Edit
        </Button>
        <Button variant="ghost" onClick={onDelete} aria-label={`Delete template ${template.title}`}>
          <Trash2 aria-hidden="true" className="size-4" />
          Delete
        </Button>
      </div>
    </li>
  );
}

/** The Reply templates screen's card (decision 078): the team's templates, to add, edit and delete. */
export function ReplyTemplatesCard() {
  const templates = useReplyTemplates();
  const [editing, setEditing] = useState<ReplyTemplate | null>(null);
  const remove = useDeleteReplyTemplate();
  const deletion = usePendingDelete<ReplyTemplate>(remove, {
    onDeleted: () => toast.success('Template deleted'),
    failedMessage: (error) => errorMessage(error, 'The template could not be deleted'),
    describe: (template) =>
      `“${template.title}” is no longer offered. Inquiries answered with it keep its name in their history.`,
  });
  return (
    <Card titleId="templates-title" title="Templates">
      <p className="mt-1 text-sm text-slate-600">
        An inquiry's Reply offers the templates in its language; the text opens in WhatsApp, an SMS or an
        email on your own phone, and the inquiry's history says who sent which template.
      </p>
      <TemplateForm key={editing?._id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
      <CardQueryList query={templates} noun="templates" label="Templates" empty="No template yet.">
        {(template) => (
          <TemplateRow
            key={template._id}
            template={template}
            onEdit={() => setEditing(template)}
            onDelete={() => deletion.ask(template)}
          />
        )}
      </CardQueryList>
      <ConfirmDeleteDialog {...deletion.dialog} title="Delete this template?" />
    </Card>
  );
}
