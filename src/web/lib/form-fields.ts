import {
  type FieldError,
  type FieldErrors,
  type FieldValues,
  get,
  type Path,
  type RefCallBack,
  type RegisterOptions,
  type UseFormRegister,
} from 'react-hook-form';

/**
 * `field('email')`: the field's registration with its message as `error`, to spread onto a TextField
 * (`<TextField label="Email" {...field('email')} />`); nested names (`businessHours.0.days`) work too.
 */
export function fieldBinder<Values extends FieldValues>(
  register: UseFormRegister<Values>,
  errors: FieldErrors<Values>,
) {
  return <Name extends Path<Values>>(name: Name, options?: RegisterOptions<Values, Name>) => ({
    ...register(name, options),
    error: (get(errors, name) as FieldError | undefined)?.message,
  });
}

/** What `fieldBinder`'s `field(name)` gives: the registration and the message. */
export type BoundField = ReturnType<UseFormRegister<FieldValues>> & { error?: string };

/** A Controller's boolean field as the props of a Switch; `unset` is what an empty value shows. */
export function switchFieldProps(
  field: { value?: boolean; onChange: (checked: boolean) => void; onBlur: () => void; ref: RefCallBack },
  unset: boolean,
) {
  return {
    checked: field.value ?? unset,
    onCheckedChange: field.onChange,
    onBlur: field.onBlur,
    ref: field.ref,
  };
}
