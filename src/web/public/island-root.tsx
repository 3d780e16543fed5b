import {
  type Dispatch,
  type ReactNode,
  type RefObject,
  type SetStateAction,
  useEffect,
  useState,
} from 'react';
import type { PublicIslandId } from '../../shared/pages/public-pages.ts';

/**
 * Where an island that hydrates in place begins (decision 062, public/islands.ts): the server renders the
 * island's markup inside it, with the props the island renders with, so that the browser renders the same
 * markup when the island comes to life. The props are the server's answer to this request only (a form
 * posted without script), never anything the visitor did not send or may not see.
 */
export function IslandRoot<Props>({
  island,
  props,
  children,
}: {
  island: PublicIslandId;
  /** None for an island that renders the same whatever the request. */
  props?: Props;
  children: ReactNode;
}) {
  return (
    <div
      data-island-root={island}
      data-island-props={props === undefined ? undefined : JSON.stringify(props)}
    >
      {children}
    </div>
  );
}

/** The props the server rendered an island root with. */
export function islandProps<Props>(root: HTMLElement): Props {
  return JSON.parse(root.dataset.islandProps ?? 'null') as Props;
}

/**
 * What a form's fields hold once its island is live: what was typed before it came to life, which React keeps
 * in the fields as it hydrates but not in its state (decision 062). `current` when nothing differs, so that
 * the form renders no more than once for it; a value the form has no field for stays as it is.
 */
function valuesAsTyped<Values extends { [Name in keyof Values]: string }>(
  form: HTMLFormElement,
  current: Values,
): Values {
  const data = new FormData(form);
  const typed = { ...current };
  let changed = false;
  for (const name of Object.keys(current) as (keyof Values & string)[]) {
    const value = data.get(name);
    if (typeof value === 'string' && value !== current[name]) {
      typed[name] = value as Values[typeof name];
      changed = true;
    }
  }
  return changed ? typed : current;
}

/**
 * A form an island hydrates in place comes to life: once hydrated it takes what was typed before into its
 * state (`setValues`), then, after the render with it, tells the island it is live (`onLive`): a click
 * replayed then is the form's own. Returns whether it is hydrated (false on the server and in the first
 * render, which must be the server's markup).
 */
export function useLiveForm<Values extends { [Name in keyof Values]: string }>(
  form: RefObject<HTMLFormElement | null>,
  setValues: Dispatch<SetStateAction<Values>>,
  onLive: (() => void) | undefined,
): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    setHydrated(true);
    const fields = form.current;
    if (fields) setValues((current) => valuesAsTyped(fields, current));
  }, [form, setValues]);
  // After the render with what was typed (one render with `hydrated`), not before it.
  useEffect(() => {
    if (hydrated) onLive?.();
  }, [hydrated, onLive]);
  return hydrated;
}
