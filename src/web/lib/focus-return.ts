import { useCallback, useMemo, useRef } from 'react';

/**
 * Where focus goes back to when a dialog closes. Radix returns it to a Dialog.Trigger, and these
 * dialogs are opened by plain buttons (some from inside another dialog), so the opener is kept here.
 */
export function useFocusReturn() {
  const opener = useRef<HTMLElement | null>(null);
  /** Call when opening: the element that has focus now gets it back on close. */
  const remember = useCallback(() => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, []);
  /** For `onCloseAutoFocus`. */
  const restore = useCallback((event: Event) => {
    const element = opener.current;
    opener.current = null;
    if (element?.isConnected) {
      event.preventDefault();
      element.focus();
    }
  }, []);
  return useMemo(() => ({ remember, restore }), [remember, restore]);
}
