import type { PublicIslandId } from '../../shared/pages/public-pages.ts';

/**
 * The islands of a page of islands (decision 062): the parts that need script, each a module the browser
 * fetches only when a visitor reaches for it: the pointer resting on it, a finger touching it or the keyboard's
 * focus starts the download. An island comes in one of two shapes:
 *
 * - **marks**: elements marked `data-island="{id}"` (buttons of the page) hand their click to the island, which
 *   does what the click meant (the contact form opens with the service of the tile) on a root of its own;
 * - **a root**: an element marked `data-island-root="{id}"` whose markup the island hydrates in place (the
 *   account deletion form): reaching for anything inside it brings it to life, and a click on one of its
 *   buttons before then waits for it and is replayed once it is live, so no tap is lost.
 *
 * Until then an element does what it does without script: a click before this module runs, or one whose island
 * cannot be fetched (offline), submits its form to the page without script.
 */

/** Brings an island to life, if it is not yet: on a mark, does what its click means; on a root, hydrates it. */
type Activate = (element: HTMLElement) => Promise<void>;

/**
 * The islands whose module has run: each defines itself here as it is evaluated. (A registry rather than the
 * module's export: the build keeps no input's exports.)
 */
const activators = new Map<PublicIslandId, Activate>();

/** Called by an island's module, once, as it runs. */
export function defineIsland(id: PublicIslandId, activate: Activate): void {
  activators.set(id, activate);
}

/** The islands' files that the server named for this page, by island. */
export type IslandFiles = Partial<Record<PublicIslandId, string>>;

const INTENT_EVENTS = ['pointerover', 'touchstart', 'focusin'] as const;

/** What an element does without script: a button submits its form, a link is followed. */
function followWithoutScript(element: HTMLElement): void {
  if (element instanceof HTMLButtonElement && element.form) element.form.requestSubmit(element);
  else if (element instanceof HTMLAnchorElement) window.location.assign(element.href);
}

export function startIslands(doc: Document, files: IslandFiles): void {
  // Most pages have none: no listener then runs on every move of the pointer.
  if (Object.keys(files).length === 0) return;
  const loading = new Map<string, Promise<unknown>>();
  const load = (file: string): Promise<unknown> => {
    let module = loading.get(file);
    if (!module) {
      module = import(/* @vite-ignore */ file);
      loading.set(file, module);
      // A failed download is tried again on the next intent.
      module.catch(() => loading.delete(file));
    }
    return module;
  };
  const activate = (id: PublicIslandId, file: string, element: HTMLElement) =>
    load(file).then(() => {
      const activator = activators.get(id);
      if (!activator) throw new Error(`${file} did not define the island ${id}`);
      return activator(element);
    });

  /** Roots being hydrated or live; a failed hydration is tried again on the next intent. */
  const roots = new WeakMap<HTMLElement, Promise<void>>();
  const live = new WeakSet<HTMLElement>();
  const hydrate = (root: HTMLElement, id: PublicIslandId, file: string): Promise<void> => {
    let hydrating = roots.get(root);
    if (!hydrating) {
      hydrating = activate(id, file, root).then(() => {
        live.add(root);
      });
      roots.set(root, hydrating);
      hydrating.catch(() => roots.delete(root));
    }
    return hydrating;
  };

  const islandAt = (target: EventTarget | null) => {
    const element = (target as Element | null)?.closest?.<HTMLElement>('[data-island], [data-island-root]');
    const id = (element?.dataset.island ?? element?.dataset.islandRoot) as PublicIslandId | undefined;
    const file = id ? files[id] : undefined;
    if (!element || !id || !file) return null;
    return { element, id, file, root: element.dataset.islandRoot !== undefined };
  };

  for (const type of INTENT_EVENTS) {
    doc.addEventListener(
      type,
      (event) => {
        const found = islandAt(event.target);
        if (!found) return;
        if (found.root) hydrate(found.element, found.id, found.file).catch(() => {});
        else load(found.file).catch(() => {});
      },
      { capture: true, passive: true },
    );
  }
  // In the capture phase, before React's own listeners on a root it is hydrating: a click held here reaches
  // React once, when it is replayed, not also while React hydrates.
  doc.addEventListener(
    'click',
    (event) => {
      const found = islandAt(event.target);
      if (!found) return;
      const { element, id, file } = found;
      if (found.root) {
        // A live root's clicks are its own; before then, only a button's click means something to wait for.
        const button = (event.target as Element).closest('button');
        if (live.has(element) || !button || !element.contains(button)) return;
        event.preventDefault();
        event.stopPropagation();
        button.setAttribute('aria-busy', 'true');
        hydrate(element, id, file)
          .then(() => button.click())
          .catch(() => followWithoutScript(button))
          .finally(() => button.removeAttribute('aria-busy'));
        return;
      }
      event.preventDefault();
      element.setAttribute('aria-busy', 'true');
      activate(id, file, element)
        .catch(() => followWithoutScript(element))
        .finally(() => element.removeAttribute('aria-busy'));
    },
    { capture: true },
  );
}
