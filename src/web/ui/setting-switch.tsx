import type { ReactNode } from 'react';
import { Switch } from './switch.tsx';

/**
 * A setting that is on or off and saves as it is switched: its label and hint beside the switch, and what the
 * server said when it refused, announced.
 */
export function SettingSwitch({
  id,
  label,
  hint,
  checked,
  disabled,
  refusal,
  onCheckedChange,
}: {
  id: string;
  label: string;
  hint: ReactNode;
  checked: boolean;
  disabled: boolean;
  refusal: string | null;
  onCheckedChange: (on: boolean) => void;
}) {
  return (
    <div className="mt-3 space-y-2">
      <div className="flex items-start justify-between gap-4">
        <div>
          <label htmlFor={id} className="text-sm font-medium text-slate-900">
            {label}
          </label>
          <p id={`${id}-hint`} className="text-sm text-slate-600">
            {hint}
          </p>
        </div>
        <Switch
          id={id}
          aria-describedby={`${id}-hint${refusal ? ` ${id}-error` : ''}`}
          checked={checked}
          disabled={disabled}
          onCheckedChange={onCheckedChange}
        />
      </div>
      <p id={`${id}-error`} role="alert" className="text-sm text-red-700 empty:hidden">
        {refusal}
      </p>
    </div>
  );
}
