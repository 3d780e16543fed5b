import type { HydrationState } from 'react-router';

/** The id of the page's JSON data block holding the router's state, written by entry-server.tsx. */
export const ROUTER_DATA_ELEMENT_ID = 'router-data';

declare global {
  interface Window {
    __staticRouterHydrationData?: HydrationState;
  }
}
