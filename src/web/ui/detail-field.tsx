import { KeyRound, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { cx } from '../lib/class-names.ts';
import { Button } from './button.tsx';

/** The look of a fact's label in a detail dialog, also used where a fact is laid out otherwise. */
export const DETAIL_LABEL_CLASS = 'text-xs font-semibold tracking-wide text-slate-600 uppercase';

/** One fact of a detail dialog's <dl>: its label above its value; `wide` takes the whole row of a grid. */
export function DetailField({
  label,
  children,
  wide,
}: {
  label: string;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className={cx('min-w-0', wide && 'sm:col-span-2')}>
      <dt className={DETAIL_LABEL_CLASS}>{label}</dt>
      <dd className="mt-0.5 break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** What a screen hands the dialog of one person (a member, a back-office user), to act on them. */
export interface PersonDialogActions<Person> {
  onClose: () => void;
  onResetPassword: (person: Person) => void;
  onDelete: (person: Person) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

export interface PersonDialogFooterProps<Person> {
  /** Who the dialog shows; until they are loaded (or when not found) only Close is offered. */
  person: Person | null | undefined;
  onClose: () => void;
  /** Without it (one's own password, a user not signed up yet), no Reset password. */
  onResetPassword?: ((person: Person) => void) | undefined;
  /** Without it (one's own account), no Delete. */
  onDelete?: ((person: Person) => void) | undefined;
  /** Actions before those two. */
  children?: (person: Person) => ReactNode;
}

/**
 * The footer of a person's dialog: Close, then what can be done to them, Delete last. Two by two on a
 * phone, so the content above keeps most of the screen; one row on a wide screen.
 */
export function PersonDialogFooter<Person>({
  person,
  onClose,
  onResetPassword,
  onDelete,
  children,
}: PersonDialogFooterProps<Person>) {
  return (
    <div className="grid grid-cols-2 gap-2 sm:flex sm:items-center sm:justify-between">
      <Button variant="secondary" onClick={onClose} className="order-last sm:order-none">
        Close
      </Button>
      {person && (
        <div className="contents sm:flex sm:gap-2">
          {children?.(person)}
          {onResetPassword && (
            <Button variant="secondary" onClick={() => onResetPassword(person)}>
              <KeyRound aria-hidden="true" className="size-4" />
              Reset password
            </Button>
          )}
          {onDelete && (
            <Button variant="danger" onClick={() => onDelete(person)}>
              <Trash2 aria-hidden="true" className="size-4" />
              Delete
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
