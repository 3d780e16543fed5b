import { AlertDialog } from 'radix-ui';
import { buttonClassName } from './button.tsx';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  /** The button that leaves things as they are; 'Cancel' unless the question calls for other words. */
  cancelLabel?: string;
  pendingLabel: string;
  pending: boolean;
  onConfirm: () => void;
  /** Why the last attempt was refused (the server's words), shown in the dialog above its buttons. */
  error?: string | null;
  /** Where focus goes on close; by default back to what had it before (the button that opened it). */
  onCloseAutoFocus?: (event: Event) => void;
}

/** Asks before something that cannot be undone; focus starts on Cancel and returns to the trigger. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  pendingLabel,
  pending,
  onConfirm,
  error,
  onCloseAutoFocus,
}: ConfirmDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <AlertDialog.Content
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl"
        >
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-600">
            {description}
          </AlertDialog.Description>
          {error && (
            <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
              {error}
            </p>
          )}
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonClassName('secondary')} disabled={pending}>
              {cancelLabel}
            </AlertDialog.Cancel>
            <AlertDialog.Action
              className={buttonClassName('danger')}
              disabled={pending}
              onClick={(event) => {
                // Stay open until the server has answered; the caller closes the dialog.
                event.preventDefault();
                onConfirm();
              }}
            >
              {pending ? pendingLabel : confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/** The question before a delete: its buttons are Cancel and Delete ("Deleting..." while the server answers). */
export function ConfirmDeleteDialog(props: Omit<ConfirmDialogProps, 'confirmLabel' | 'pendingLabel'>) {
  return <ConfirmDialog confirmLabel="Delete" pendingLabel="Deleting..." {...props} />;
}
