import { Search } from 'lucide-react';
import { type FormEvent, type InputHTMLAttributes, useId } from 'react';
import { cx } from '../lib/class-names.ts';

export interface SearchFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  /** Read by screen readers; the placeholder is not a label. */
  label: string;
  onSearch: (event: FormEvent<HTMLFormElement>) => void;
  formClassName?: string;
}

/** A search box in a form of its own (Enter searches), with a magnifier icon and a hidden label. */
export function SearchField({ label, onSearch, formClassName, className, ...input }: SearchFieldProps) {
  const id = useId();
  return (
    <form onSubmit={onSearch} className={cx('relative', formClassName)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
      />
      <input
        id={id}
        type="search"
        enterKeyHint="search"
        className={cx('block w-full pr-3 pl-9', className)}
        {...input}
      />
    </form>
  );
}
