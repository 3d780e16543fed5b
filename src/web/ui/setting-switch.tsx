import type { ComponentProps, ReactNode } from 'react';
import { cx } from '../lib/class-names.ts';
import { Switch } from './switch.tsx';

/**
 * A choice that is on or off: its label and hint beside the switch and, when the server refused it, what it
 * said, announced. The rest of the props are the switch's (checked, its handlers, a form field's ref).
 */
export function SettingSwitch({
  id,
  label,
  hint,
  refusal,
  className,
  ...switchProps
}: {
  id: string;
  label: string;
  hint: ReactNode;
  /** What the server said when it refused; given (null until then) where it may: its alert is then there. */
  refusal?: string | null;
  className?: string;
} & Omit<ComponentProps<typeof Switch>, 'id' | 'className'>) {
  return (
    <div className={cx('space-y-2', className)}>
      <div className="flex items-start justify-between gap-4">
        <div>
          <label htmlFor={id} className="text-sm font-medium text-slate-900">
            {label}
          </label>
          <p id={`${id}-hint`} className="text-sm text-slate-600">
            {hint}
          </p>
        </div>
        <Switch id={id} aria-describedby={`${id}-hint${refusal ? ` ${id}-error` : ''}`} {...switchProps} />
      </div>
      {refusal !== undefined && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700 empty:hidden">
          {refusal}
        </p>
      )}
    </div>
  );
}
