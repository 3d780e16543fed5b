/**
 * Reading Vite's client manifest (dist/web/client/.vite/manifest.json), for the page scripts in
 * vite.config.ts and the page budget in scripts/check-bundles.ts.
 */
import type { Manifest } from 'vite';

/** The module that starts a public page's script once painted: every public page downloads it too. */
export const PAGE_START_MODULE = 'src/web/page-start.ts';

/**
 * What a page of islands with a post's picture imports at its start (decision 062): an entry of its own, whose
 * file the server names, so that page-start.ts imports it without Vite's import() wrapper, which would bring
 * the framework chunk along.
 */
export const BROKEN_PICTURES_MODULE = 'src/web/public/blog/broken-pictures.ts';

/** The chunks loaded together with these: they and their static imports, transitively. */
export function withStaticImports(manifest: Manifest, keys: Iterable<string>): Set<string> {
  const reachable = new Set<string>();
  const pending = [...keys];
  while (pending.length > 0) {
    const key = pending.pop()!;
    if (reachable.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest refers to ${key} but does not describe it`);
    reachable.add(key);
    pending.push(...(chunk.imports ?? []));
  }
  return reachable;
}
