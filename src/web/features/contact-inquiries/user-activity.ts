// Every admin request extends the session's idle timeout, so a poll that ran forever would keep the
// session of a tab left open on a desk alive until its absolute limit. Polls run only while someone
// is using the page, and start again when they come back.

const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'focus'] as const;

interface Waiter {
  idleMs: number;
  callback: () => void;
}

let lastActivityAt = Date.now();
const waiters = new Set<Waiter>();

/** Records that the admin did something now; tells the waiters for whom this ends a long enough pause. */
export function noteActivity(now = Date.now()) {
  const idle = now - lastActivityAt;
  lastActivityAt = now;
  for (const waiter of waiters) if (idle >= waiter.idleMs) waiter.callback();
}

if (typeof window !== 'undefined') {
  const note = () => noteActivity();
  for (const type of ACTIVITY_EVENTS) window.addEventListener(type, note, { capture: true, passive: true });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') note();
  });
}

/** Milliseconds since the admin last pressed, tapped, clicked, scrolled or came back to this tab. */
export function msSinceLastActivity(now = Date.now()): number {
  return now - lastActivityAt;
}

/** Calls back when the admin does something after at least `idleMs` without; returns the unsubscribe. */
export function onActiveAfterIdle(idleMs: number, callback: () => void): () => void {
  const waiter = { idleMs, callback };
  waiters.add(waiter);
  return () => waiters.delete(waiter);
}
