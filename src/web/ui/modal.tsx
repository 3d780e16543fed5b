import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { cx } from '../lib/class-names.ts';
import { Button } from './button.tsx';

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** A line under the title, read out with it when the modal opens. */
  description?: ReactNode;
  children: ReactNode;
  /** The buttons at the bottom, kept in view while the body scrolls. */
  footer?: ReactNode;
  className?: string;
  /** Where focus goes on close; by default back to what opened the modal. */
  onCloseAutoFocus?: (event: Event) => void;
  /**
   * False keeps the modal open on a tap or click outside it (only Escape, the X and its own buttons
   * close it): for a modal whose content is lost on closing, such as a password shown once.
   */
  dismissOnOutsideClick?: boolean;
}

/**
 * A modal dialog (Radix): focus is trapped inside, Escape, the X and (unless told not to) a click outside
 * close it. On a phone it fills the screen's width and scrolls its body; the title and the footer stay
 * in view.
 */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  className,
  onCloseAutoFocus,
  dismissOnOutsideClick = true,
}: ModalProps) {
  const keepOpen = dismissOnOutsideClick ? undefined : (event: Event) => event.preventDefault();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content
          onCloseAutoFocus={onCloseAutoFocus}
          onInteractOutside={keepOpen}
          // Without a description Radix must be told so, or it warns that one is missing.
          {...(description ? {} : { 'aria-describedby': undefined })}
          className={cx(
            'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-1rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl bg-white shadow-xl outline-none',
            className,
          )}
        >
          <div className="flex items-start justify-between gap-3 border-b border-slate-200 px-4 py-3 sm:px-6">
            <div className="min-w-0">
              <Dialog.Title className="text-lg font-semibold break-words text-slate-900">
                {title}
              </Dialog.Title>
              {description && (
                <Dialog.Description className="mt-0.5 text-sm text-slate-600">
                  {description}
                </Dialog.Description>
              )}
            </div>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close dialog" className="-mr-2 shrink-0">
                <X aria-hidden="true" className="size-5" />
              </Button>
            </Dialog.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-4 py-4 sm:px-6">{children}</div>
          {footer && <div className="border-t border-slate-200 px-4 py-3 sm:px-6">{footer}</div>}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
