import { RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { cx } from '../lib/class-names.ts';
import { Button } from './button.tsx';

/** How the alert looks where it stands. */
const LOOKS = {
  /** In place of a screen's list. */
  panel: {
    box: 'rounded-xl border border-red-200 bg-red-50 p-6 text-center',
    text: 'font-medium text-red-800',
  },
  /** In place of a dialog's body. */
  dialog: { box: 'py-6 text-center', text: 'font-medium text-slate-900' },
  /** Under a card's heading. */
  card: { box: 'mt-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800', text: undefined },
  /** One part of a larger view, such as a dialog's activity log. */
  inline: { box: 'text-sm', text: 'text-red-700' },
  /** In a box of the caller's (`className`), such as the Markdown preview. */
  boxed: { box: 'text-center', text: 'text-red-700' },
} as const;

const BUTTON_MARGINS = {
  panel: 'mt-4',
  dialog: 'mt-3',
  card: 'mt-3',
  inline: 'mt-2',
  boxed: 'mt-3',
} as const;

export interface LoadFailedProps {
  children: ReactNode;
  onRetry: () => void;
  look?: keyof typeof LOOKS;
  /** The button's arrow icon; the panel and the boxed look show it. */
  icon?: boolean;
  /** False for a failure that is not announced (the blog and contact lists). */
  announce?: boolean;
  className?: string;
}

/** An alert that something could not be loaded, with Try again. */
export function LoadFailed({
  children,
  onRetry,
  look = 'panel',
  icon = look === 'panel' || look === 'boxed',
  announce = true,
  className,
}: LoadFailedProps) {
  return (
    <div role={announce ? 'alert' : undefined} className={cx(className, LOOKS[look].box)}>
      <p className={LOOKS[look].text}>{children}</p>
      <Button variant="secondary" className={BUTTON_MARGINS[look]} onClick={onRetry}>
        {icon && <RefreshCw aria-hidden="true" className="size-4" />}
        Try again
      </Button>
    </div>
  );
}
