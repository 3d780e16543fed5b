import { zodResolver } from '@hookform/resolvers/zod';
import { type FieldValues, type Path, type UseFormProps, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { $ZodType } from 'zod/v4/core';
import { errorMessage, isSessionError } from './api-client.ts';
import { applyServerFieldErrors } from './form-errors.ts';
import { fieldBinder } from './form-fields.ts';

/**
 * A react-hook-form form checked by the zod schema the server checks too, with two helpers:
 * `field(name)` for a TextField, and `showRefusal` for a save the server turned down.
 */
export function useZodForm<Input extends FieldValues, Output>(
  schema: $ZodType<Output, Input>,
  options: Omit<UseFormProps<Input, unknown, Output>, 'resolver'>,
) {
  const form = useForm<Input, unknown, Output>({ ...options, resolver: zodResolver(schema) });
  const { register, setError, formState } = form;
  return {
    ...form,
    field: fieldBinder(register, formState.errors),
    /**
     * The server's messages go under the fields it names (the first one takes the focus), and its answer,
     * or `fallback`, to a toast. A lost session is not a refusal: the sign-in screen takes over.
     */
    showRefusal: (error: unknown, fields: readonly Path<Input>[], fallback: string) => {
      if (isSessionError(error)) return;
      applyServerFieldErrors(error, setError, fields);
      toast.error(errorMessage(error, fallback));
    },
  };
}

/** For `useZodForm`'s options: messages appear at the first submit, then each field is checked as it is edited. */
export const CHECK_FROM_FIRST_SUBMIT = { mode: 'onSubmit', reValidateMode: 'onChange' } as const;
