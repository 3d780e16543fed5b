import type { ReactNode } from 'react';
import { cx } from '../lib/class-names.ts';

export interface ChoiceCardProps {
  /** Whether its option is the one picked, to mark the card. */
  selected: boolean;
  /** The radio button, which describes itself with `hintId`. */
  children: ReactNode;
  label: ReactNode;
  /** For an input labelled by its label alone (aria-labelledby), leaving out the hint. */
  labelId?: string;
  hint: ReactNode;
  hintId: string;
}

/** One option of a choice, as a card: the radio button, its label, and a line on what it means. */
export function ChoiceCard({ selected, children, label, labelId, hint, hintId }: ChoiceCardProps) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the radio button comes in as children, inside the label
    <label
      className={cx(
        'flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm',
        'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-indigo-600',
        selected ? 'border-indigo-500 bg-indigo-50' : 'border-slate-300 bg-white',
      )}
    >
      {children}
      <span>
        <span id={labelId} className="block font-medium text-slate-900">
          {label}
        </span>
        <span id={hintId} className="block text-slate-600">
          {hint}
        </span>
      </span>
    </label>
  );
}
