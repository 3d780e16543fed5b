import type { FormEventHandler, ReactNode } from 'react';
import { Button } from './button.tsx';

export interface SaveInPlaceFormProps {
  /** The field's form: until it differs from what is stored there is nothing to save. */
  form: { formState: { isDirty: boolean } };
  /** The request that saves it: the button waits meanwhile. */
  mutation: { isPending: boolean };
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The button's label, e.g. "Save name". */
  saveLabel: string;
  /** The one field (a TextField). */
  children: ReactNode;
}

/** One field of a detail dialog, changed in place: its Save button beside it (under it on a phone). */
export function SaveInPlaceForm({ form, mutation, onSubmit, saveLabel, children }: SaveInPlaceFormProps) {
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-start">
      <div className="min-w-0 flex-1">{children}</div>
      <Button
        type="submit"
        variant="secondary"
        disabled={!form.formState.isDirty || mutation.isPending}
        className="sm:mt-6"
      >
        {mutation.isPending ? 'Saving...' : saveLabel}
      </Button>
    </form>
  );
}
