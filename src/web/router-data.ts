import type { HydrationState } from 'react-router';

/** The id of the page's JSON data block holding the router's state, written by entry-server.tsx. */
export const ROUTER_DATA_ELEMENT_ID = 'router-data';

declare global {
  interface Window {
    __staticRouterHydrationData?: HydrationState;
  }
}

/**
 * Puts the server-rendered router state where createBrowserRouter looks for it (and revives errors from):
 * window.__staticRouterHydrationData, which React Router's own inline script would have set.
 */
export function readRouterData(): void {
  const block = document.getElementById(ROUTER_DATA_ELEMENT_ID);
  if (block?.textContent)
    window.__staticRouterHydrationData = JSON.parse(block.textContent) as HydrationState;
}
