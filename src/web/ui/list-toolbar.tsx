import { type ChangeEvent, type FormEvent, useId } from 'react';
import { cx } from '../lib/class-names.ts';
import { SearchField } from './search-field.tsx';

/** The search box and the filter above a list: one height, a 16 px text on a phone (no zoom on focus). */
const CONTROL_CLASS_NAME =
  'h-11 rounded-lg border border-slate-300 bg-white text-base text-slate-900 focus:outline-2 focus:outline-offset-0 focus:outline-indigo-600 sm:text-sm';

export interface ListSearchProps {
  label: string;
  placeholder: string;
  maxLength: number;
  /** From useUrlSearchBox. */
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onSearch: (event: FormEvent) => void;
}

/** A list's search box, as wide as the toolbar lets it be. */
export function ListSearch(props: ListSearchProps) {
  return (
    <SearchField
      formClassName="min-w-0 flex-1"
      autoComplete="off"
      className={CONTROL_CLASS_NAME}
      {...props}
    />
  );
}

export interface StatusFilterProps<Status extends string> {
  /** Its name for screen readers: "Filter by status" unless it filters by something else. */
  label?: string;
  value: Status | undefined;
  statuses: readonly Status[];
  labels: Record<Status, string>;
  /** The option for no filter: "All Status", "All". */
  allLabel: string;
  /** Gets the option's value: '' for no filter. */
  onChange: (value: string) => void;
  className: string;
}

/** The status filter of a list (or another filter of a few values), with a label for screen readers. */
export function StatusFilter<Status extends string>({
  label = 'Filter by status',
  value,
  statuses,
  labels,
  allLabel,
  onChange,
  className,
}: StatusFilterProps<Status>) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <select
        id={id}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value)}
        className={cx(CONTROL_CLASS_NAME, className)}
      >
        <option value="">{allLabel}</option>
        {statuses.map((status) => (
          <option key={status} value={status}>
            {labels[status]}
          </option>
        ))}
      </select>
    </>
  );
}
