import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';

/** The list is asked again this long after the last keystroke in the search box. */
const SEARCH_DEBOUNCE_MS = 300;

/** What the address keeps for a search: nothing when only spaces were typed. */
const storedSearch = (typed: string) => (typed.trim() ? typed : '');

/**
 * A search box kept in the address as `q`: what is typed shows at once, the address (and so the list)
 * follows after a pause, or at once on Enter. `change` must keep its identity between renders.
 * Returns the box's `value`, `onChange` and `onSearch` for a SearchField.
 */
export function useUrlSearchBox(q: string, change: (changes: { q: string }) => void) {
  const [draft, setDraft] = useState(q);
  const pushed = useRef(q);
  useEffect(() => {
    // The address changed from elsewhere (Back, the top bar's search box): the box follows it.
    if (q !== pushed.current) {
      pushed.current = q;
      setDraft(q);
    }
  }, [q]);
  useEffect(() => {
    if (storedSearch(draft) === pushed.current) return;
    const timer = setTimeout(() => {
      pushed.current = storedSearch(draft);
      change({ q: draft });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, change]);

  return {
    value: draft,
    onChange: (event: ChangeEvent<HTMLInputElement>) => setDraft(event.target.value),
    onSearch: (event: FormEvent) => {
      event.preventDefault();
      pushed.current = storedSearch(draft);
      change({ q: draft });
    },
  };
}
