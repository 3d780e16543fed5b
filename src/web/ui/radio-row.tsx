import type { UseFormRegisterReturn } from 'react-hook-form';

/** The site's two languages as a form offers them (a poster's, a reply template's). */
export const LANGUAGE_OPTIONS = [
  { value: 'en', label: 'English' },
  { value: 'hi', label: 'हिन्दी (Hindi)' },
] as const;

/** A short choice of a form as a row of radio buttons under a legend (a language, a paper size). */
export function RadioRow({
  legend,
  options,
  registered,
}: {
  legend: string;
  options: readonly { value: string; label: string }[];
  /** The field as react-hook-form registers it: each radio button carries it. */
  registered: UseFormRegisterReturn;
}) {
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium text-slate-700">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label
            key={option.value}
            className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 text-sm has-checked:border-indigo-500 has-checked:bg-indigo-50"
          >
            <input type="radio" value={option.value} className="size-4 accent-indigo-600" {...registered} />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
