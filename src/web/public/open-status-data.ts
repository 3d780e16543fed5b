/**
 * What a public page says about the opening hours, as the server writes it and the page script follows it
 * (contact/open-status.tsx, page-behaviours.ts; decision 074). A file of its own: the page script imports
 * it without the components.
 */

/** Whether the business is open, about to close (its last half hour) or closed: what the page's colours follow. */
export type OpenState = 'open' | 'soon' | 'closed';

/**
 * What the page says about its opening hours from `at` on (decision 074): written in the page as a JSON data
 * block, which the page script (page-behaviours.ts) follows so that a page left open stays true.
 */
export interface OpenMomentWords {
  /** Milliseconds since the epoch; 0 for the first, which holds since before the page was rendered. */
  at: number;
  state: OpenState;
  /** "Open now · closes 8:00 PM", "Closed · opens Monday 10:00 AM". */
  line: string;
  /** When closed: "We reply from Monday 10:00 AM." */
  resume?: string;
}

/** The attributes the page script follows (page-behaviours.ts). */
export const OPEN_STATUS_DATA = {
  /** The JSON data block of the moments. */
  timeline: 'data-open-timeline',
  /** An element whose `data-open` is the state: its look follows through `data-[open=…]:` classes. */
  state: 'data-open',
  /** An element whose text is the moment's line. */
  line: 'data-open-line',
  /** An element whose text is the moment's `resume`. */
  resume: 'data-open-resume',
  /** A list item that goes first in its list while the business is closed (the contact form's card). */
  firstWhenClosed: 'data-first-when-closed',
} as const;
