import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

const SCROLL_TO_TOP_DELAY_MS = 100;

function prefersInstantScroll(): boolean {
  const smoothSupported = 'scrollBehavior' in document.documentElement.style;
  return !smoothSupported || window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}

/** On every path change, after 100 ms, scroll to the top, smoothly where supported. */
export function useScrollToTopOnPathChange(): void {
  const { pathname } = useLocation();
  const previous = useRef(pathname);

  useEffect(() => {
    // The first render is not a path change: a reload keeps the browser's own scroll position.
    if (previous.current === pathname) return;
    previous.current = pathname;
    const timer = window.setTimeout(() => {
      if (prefersInstantScroll()) window.scrollTo(0, 0);
      else window.scrollTo({ top: 0, behavior: 'smooth' });
    }, SCROLL_TO_TOP_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [pathname]);
}
