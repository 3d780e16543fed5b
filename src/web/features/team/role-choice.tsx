import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { ROLE_DESCRIPTIONS, ROLE_LABELS, ROLES, type Role } from '../../../shared/rules/roles.ts';
import { cx } from '../../lib/class-names.ts';

export interface RoleChoiceProps {
  /** The form's registration of `role`. */
  field: UseFormRegisterReturn<'role'>;
  /** The role picked now, to mark its card. */
  value: Role | undefined;
  error?: string | undefined;
}

/** The three roles, each with what it may use (roles.ts), to pick one. */
export function RoleChoice({ field, value, error }: RoleChoiceProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="space-y-2">
      <legend className="mb-1 text-sm font-medium text-slate-700">Role</legend>
      <div className="grid gap-2">
        {ROLES.map((role) => (
          <label
            key={role}
            className={cx(
              'flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm',
              'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-indigo-600',
              value === role ? 'border-indigo-500 bg-indigo-50' : 'border-slate-300 bg-white',
            )}
          >
            <input
              type="radio"
              value={role}
              aria-describedby={`${id}-${role}`}
              aria-invalid={error ? true : undefined}
              className="mt-0.5 size-4 accent-indigo-600"
              {...field}
            />
            <span>
              <span className="block font-medium text-slate-900">{ROLE_LABELS[role]}</span>
              <span id={`${id}-${role}`} className="block text-slate-600">
                {ROLE_DESCRIPTIONS[role]}
              </span>
            </span>
          </label>
        ))}
      </div>
      <p id={errorId} role="alert" className="text-sm text-red-700 empty:hidden">
        {error}
      </p>
    </fieldset>
  );
}
