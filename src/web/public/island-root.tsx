import type { ReactNode } from 'react';
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
