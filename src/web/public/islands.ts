import type { PublicIslandId } from '../../shared/pages/public-pages.ts';

/**
 * The islands of a page of islands (decision 062): the parts that need script, each a module the browser
 * fetches only when a visitor reaches for it. An element marked `data-island="{id}"` (a button of the page)
 * brings the island to life: the pointer resting on it, a finger touching it or the keyboard's focus starts the
 * download, and a click hands it to the island, which does what the click meant (the contact form opens with
 * the service of the tile). Until then the element does what it does without script: a click before this
 * module runs, or one whose island cannot be fetched (offline), submits its form to the page without script.
 */

/** Brings an island to life, if it is not yet, and does what a click on the mark means. */
type Activate = (mark: HTMLElement) => Promise<void>;

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

/** What the mark does without script: a button submits its form, a link is followed. */
function followWithoutScript(mark: HTMLElement): void {
  if (mark instanceof HTMLButtonElement && mark.form) mark.form.requestSubmit(mark);
  else if (mark instanceof HTMLAnchorElement) window.location.assign(mark.href);
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
  const markAt = (target: EventTarget | null) => {
    const mark = (target as Element | null)?.closest?.<HTMLElement>('[data-island]');
    const id = mark?.dataset.island as PublicIslandId | undefined;
    const file = id ? files[id] : undefined;
    return mark && id && file ? { mark, id, file } : null;
  };

  for (const type of INTENT_EVENTS) {
    doc.addEventListener(
      type,
      (event) => {
        const found = markAt(event.target);
        if (found) load(found.file).catch(() => {});
      },
      { capture: true, passive: true },
    );
  }
  doc.addEventListener('click', (event) => {
    const found = markAt(event.target);
    if (!found) return;
    event.preventDefault();
    const { mark, id, file } = found;
    mark.setAttribute('aria-busy', 'true');
    load(file)
      .then(() => {
        const activate = activators.get(id);
        if (!activate) throw new Error(`${file} did not define the island ${id}`);
        return activate(mark);
      })
      .catch(() => followWithoutScript(mark))
      .finally(() => mark.removeAttribute('aria-busy'));
  });
}
