import { CircleAlert, CircleCheck, X } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { cx } from '../../lib/class-names.ts';

/** How long a public page's toast stays: 4 s. */
const PUBLIC_TOAST_DURATION_MS = 4000;

export type PublicToastType = 'success' | 'error';

export interface PublicToast {
  /** A new id for every toast, so the same message shown twice restarts its timer. */
  id: number;
  type: PublicToastType;
  message: string;
}

/**
 * A toast for public pages, which cannot ship a toast library: one message at a time, gone after 4 s.
 * Show it with ToastRegion.
 */
export function usePublicToast() {
  const [toast, setToast] = useState<PublicToast | null>(null);

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), PUBLIC_TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast]);

  const showToast = useCallback(
    (type: PublicToastType, message: string) =>
      setToast((previous) => ({ id: (previous?.id ?? 0) + 1, type, message })),
    [],
  );
  const dismissToast = useCallback(() => setToast(null), []);
  return { toast, showToast, dismissToast };
}

function ToastCard({
  toast,
  dismissLabel,
  onDismiss,
}: {
  toast: PublicToast;
  dismissLabel: string;
  onDismiss: () => void;
}) {
  const Icon = toast.type === 'success' ? CircleCheck : CircleAlert;
  return (
    <div
      className={cx(
        'pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-xl border bg-white p-4 shadow-lg',
        toast.type === 'success' ? 'border-green-200' : 'border-red-200',
      )}
    >
      <Icon
        aria-hidden="true"
        className={cx('mt-0.5 size-5 shrink-0', toast.type === 'success' ? 'text-green-600' : 'text-red-600')}
      />
      <p className="flex-1 text-sm font-medium text-slate-900">{toast.message}</p>
      <button
        type="button"
        onClick={onDismiss}
        aria-label={dismissLabel}
        className="-m-2 flex size-9 shrink-0 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}

/**
 * Where the toast shows. Both live regions are always present (empty when there is nothing to say), so a
 * message put into them is announced: politely for success, at once for errors.
 * A modal dialog makes the rest of the page inert, so a dialog renders its own ToastRegion as well.
 */
export function ToastRegion({
  toast,
  dismissLabel,
  onDismiss,
  inDialog = false,
}: {
  toast: PublicToast | null;
  dismissLabel: string;
  onDismiss: () => void;
  /** In a dialog the toast takes its own place in the flow: floating, it covered the title and close button. */
  inDialog?: boolean;
}) {
  return (
    <div
      className={cx(
        'flex flex-col items-center',
        inDialog ? 'px-5 sm:px-6 [&>:has(>*)]:pt-4' : 'pointer-events-none fixed inset-x-0 top-4 z-50 px-4',
      )}
    >
      <div role="status" className="flex w-full justify-center">
        {toast?.type === 'success' && (
          <ToastCard key={toast.id} toast={toast} dismissLabel={dismissLabel} onDismiss={onDismiss} />
        )}
      </div>
      <div role="alert" className="flex w-full justify-center">
        {toast?.type === 'error' && (
          <ToastCard key={toast.id} toast={toast} dismissLabel={dismissLabel} onDismiss={onDismiss} />
        )}
      </div>
    </div>
  );
}
