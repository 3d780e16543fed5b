import { useCallback, useEffect, useRef, useState } from 'react';
import type { AutosaveValues } from '../../../shared/contracts/blog-revisions.ts';
import { AUTOSAVE_DELAY_MS } from '../../../shared/rules/blog-revisions.ts';
import { saveAutosave } from './revisions-api.ts';

export type DraftStatus =
  | { state: 'idle' }
  | { state: 'saving' }
  | { state: 'saved'; at: string }
  | { state: 'failed' };

/** Browsers refuse a keepalive request past 64 KB in flight; a longer draft goes as a plain request. */
const KEEPALIVE_BODY_MAX_CHARS = 60_000;

export interface DraftAutosaveOptions {
  /** The post's id, or `new`. */
  postKey: string;
  /** The version the editor started from; null for a new post. */
  baseVersion: number | null;
  /** The form's values as they are now. */
  values: () => AutosaveValues;
  /** Calls back on every change of the form's values; returns how to stop (react-hook-form's `watch`). */
  watch: (onChange: () => void) => { unsubscribe: () => void };
}

type Timer = { current: ReturnType<typeof setTimeout> | null };

function clearTimer(timer: Timer) {
  if (timer.current !== null) clearTimeout(timer.current);
  timer.current = null;
}

/**
 * Keeps what the user types as their draft on the server: AUTOSAVE_DELAY_MS after the first change not yet
 * kept (so a long spell of typing is kept every few seconds too), and at once when the page is hidden or
 * left (a request that outlives the page), so closing the tab loses nothing. Values already kept are not
 * sent again. `stop` ends it (after the post is saved, before its draft is discarded).
 */
export function useDraftAutosave({ postKey, baseVersion, values, watch }: DraftAutosaveOptions) {
  const [status, setStatus] = useState<DraftStatus>({ state: 'idle' });
  const timer: Timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const stopped = useRef(false);
  // What the server has (or is being sent): the starting values count as kept, they are the post's own.
  const kept = useRef<string | null>(null);
  const valuesNow = useRef(values);
  valuesNow.current = values;
  if (kept.current === null) kept.current = JSON.stringify(values());

  const saveNow = useCallback(
    async (leavingPage: boolean) => {
      clearTimer(timer);
      if (stopped.current) return;
      const draft = valuesNow.current();
      const json = JSON.stringify(draft);
      if (json === kept.current) return;
      kept.current = json;
      if (!leavingPage) setStatus({ state: 'saving' });
      try {
        const keepalive = leavingPage && json.length < KEEPALIVE_BODY_MAX_CHARS;
        const at = await saveAutosave(postKey, { values: draft, baseVersion }, keepalive);
        if (!stopped.current) setStatus({ state: 'saved', at });
      } catch {
        // Tried again with the next change or when the page is left.
        if (kept.current === json) kept.current = null;
        if (!stopped.current) setStatus({ state: 'failed' });
      }
    },
    [postKey, baseVersion],
  );

  useEffect(() => {
    const subscription = watch(() => {
      if (timer.current === null && !stopped.current) {
        timer.current = setTimeout(() => void saveNow(false), AUTOSAVE_DELAY_MS);
      }
    });
    return () => subscription.unsubscribe();
  }, [watch, saveNow]);

  useEffect(() => {
    const leave = () => void saveNow(true);
    const hidden = () => {
      if (document.visibilityState === 'hidden') leave();
    };
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', hidden);
      clearTimer(timer);
    };
  }, [saveNow]);

  const stop = useCallback(() => {
    stopped.current = true;
    clearTimer(timer);
  }, []);

  /** The values now shown are the draft's (restored from it): nothing new to keep until they change. */
  const markKept = useCallback(() => {
    kept.current = JSON.stringify(valuesNow.current());
  }, []);

  return { status, stop, markKept };
}
