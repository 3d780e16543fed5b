import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { ROLE_DESCRIPTIONS, ROLE_LABELS, ROLES, type Role } from '../../../shared/rules/roles.ts';
import { ChoiceCard } from '../../ui/choice-card.tsx';

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
          <ChoiceCard
            key={role}
            selected={value === role}
            label={ROLE_LABELS[role]}
            hint={ROLE_DESCRIPTIONS[role]}
            hintId={`${id}-${role}`}
          >
            <input
              type="radio"
              value={role}
              aria-describedby={`${id}-${role}`}
              aria-invalid={error ? true : undefined}
              className="mt-0.5 size-4 accent-indigo-600"
              {...field}
            />
          </ChoiceCard>
        ))}
      </div>
      <p id={errorId} role="alert" className="text-sm text-red-700 empty:hidden">
        {error}
      </p>
    </fieldset>
  );
}
