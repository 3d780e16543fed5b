import { Plus } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cx } from '../lib/class-names.ts';

const VARIANTS = {
  primary: 'bg-indigo-700 text-white hover:bg-indigo-800 disabled:bg-indigo-400',
  secondary: 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 disabled:text-slate-400',
  danger: 'bg-red-600 text-white hover:bg-red-700 disabled:bg-red-400',
  ghost: 'text-slate-700 hover:bg-slate-100 disabled:text-slate-300 disabled:hover:bg-transparent',
} as const;

const SIZES = {
  md: 'min-h-11 px-4 py-2 text-sm',
  icon: 'size-11 p-0',
} as const;

export type ButtonVariant = keyof typeof VARIANTS;

export function buttonClassName(variant: ButtonVariant = 'primary', size: keyof typeof SIZES = 'md'): string {
  return cx(
    'inline-flex items-center justify-center gap-2 rounded-lg font-medium transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed',
    VARIANTS[variant],
    SIZES[size],
  );
}

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: keyof typeof SIZES;
}

/** Touch targets are at least 44 px high: staff use the back office on phones. */
export function Button({ variant, size, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={cx(buttonClassName(variant, size), className)} {...props} />;
}

/** A button that adds something (a token, a member, a row): a plus before its label. */
export function AddButton({ children, ...props }: ButtonProps) {
  return (
    <Button {...props}>
      <Plus aria-hidden="true" className="size-4" />
      {children}
    </Button>
  );
}
