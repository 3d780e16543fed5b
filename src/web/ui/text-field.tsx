import { type ComponentProps, type ElementType, type ReactNode, useId } from 'react';
import { cx } from '../lib/class-names.ts';

export const inputClassName = cx(
  'block w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-400',
  'focus:outline-2 focus:outline-offset-0 focus:outline-indigo-600 disabled:bg-slate-100',
);

/** For text typed exactly as it is (a handle, an address, a link): no capitals, no spelling fixes, no autofill. */
export const VERBATIM_INPUT = { autoComplete: 'off', autoCapitalize: 'none', spellCheck: false } as const;

interface FieldShellProps {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  children: ReactNode;
}

/** A label, the control, an optional hint and the error message, tied together for screen readers. */
export function FieldShell({ id, label, hint, error, children }: FieldShellProps) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      <p id={`${id}-error`} className="text-sm text-red-600" aria-live="polite">
        {error}
      </p>
    </div>
  );
}

export function describedBy(id: string, hint?: string, error?: string): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/**
 * The attributes of a control inside a FieldShell of the same `id`: its hint and error are read with it,
 * and its border turns red while it is wrong.
 */
export function fieldControlProps(id: string, { hint, error, className }: Omit<FieldProps, 'label'>) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, hint, error),
    className: cx(inputClassName, error ? 'border-red-500' : 'border-slate-300', className),
  };
}

interface FieldProps {
  label: string;
  hint?: string;
  error?: string;
  className?: string;
}

export type TextFieldProps = FieldProps & Omit<ComponentProps<'input'>, 'id'>;
export type TextAreaFieldProps = FieldProps & Omit<ComponentProps<'textarea'>, 'id'>;

/** A labelled field whose control is an <input> or a <textarea>. */
function labelledField<Props extends FieldProps>(control: 'input' | 'textarea') {
  const Control: ElementType = control;
  return function LabelledField({ label, hint, error, className, ...props }: Props) {
    const id = useId();
    return (
      <FieldShell id={id} label={label} hint={hint} error={error}>
        <Control {...fieldControlProps(id, { hint, error, className })} {...props} />
      </FieldShell>
    );
  };
}

export const TextField = labelledField<TextFieldProps>('input');
export const TextAreaField = labelledField<TextAreaFieldProps>('textarea');

export type SelectFieldProps = FieldProps &
  Omit<ComponentProps<'select'>, 'id' | 'children'> & { options: readonly string[] };

/** A labelled <select> of plain text options, each its own value. */
export function SelectField({ label, hint, error, className, options, ...props }: SelectFieldProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} hint={hint} error={error}>
      <select {...fieldControlProps(id, { hint, error, className })} {...props}>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}
