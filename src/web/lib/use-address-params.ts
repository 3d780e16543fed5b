import { useCallback, useEffect, useRef } from 'react';
import { type NavigateOptions, useSearchParams } from 'react-router';

/**
 * The address's query, and `update` to change part of it. React Router hands an update the query of the
 * last render, so two changes made before the screen re-renders (two filters picked in quick succession on
 * a slow phone) would each start from the same query and the second would undo the first. `update` starts
 * from the newest query asked for that the address has not shown yet.
 */
export function useAddressParams() {
  const [params, setParams] = useSearchParams();
  // Queries asked for, oldest first, that the address has not shown yet.
  const asked = useRef<string[]>([]);
  useEffect(() => {
    // The address shows one of them (the ones before it are past), or moved on its own (Back): none is due.
    const shown = asked.current.indexOf(params.toString());
    asked.current = shown === -1 ? [] : asked.current.slice(shown + 1);
  }, [params]);
  const update = useCallback(
    (change: (current: URLSearchParams) => URLSearchParams, options?: NavigateOptions) => {
      const newest = asked.current.at(-1);
      const next = change(new URLSearchParams(newest ?? params));
      asked.current.push(next.toString());
      setParams(next, options);
    },
    [params, setParams],
  );
  return [params, update] as const;
}
