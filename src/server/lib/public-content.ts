/**
 * One signal for everything public pages show (site settings, contact channels, later blog posts): every
 * in-memory copy built from that content (the public contact list, the settings, rendered pages) is
 * dropped at once when this instance changes it, and is at most PUBLIC_CONTENT_MAX_AGE_MS old otherwise,
 * so a change made through another instance on the same database shows within that time. No pub/sub,
 * no cache protocol: see docs/decisions/004 and 006.
 */
export const PUBLIC_CONTENT_MAX_AGE_MS = 1000;

interface Stamp {
  generation: number;
  at: number;
}

export interface CachedByKeyOptions<T> {
  /** Most values kept at once; the oldest goes first. Bounds memory when keys come from requests. */
  maxEntries: number;
  /** Whether a loaded value may be kept (say, only pages that answered 200). Default: always. */
  keep?: (value: T) => boolean;
}

export interface PublicContent {
  /** Call after a write that changes what public pages show: every cached copy is stale from now on. */
  changed(): void;
  /** One value built from public content; concurrent callers share a single load. */
  cached<T>(load: () => Promise<T>): () => Promise<T>;
  /** Values built from public content by key (e.g. a page's URL); concurrent callers of a key share a load. */
  cachedByKey<T>(options: CachedByKeyOptions<T>): (key: string, load: () => Promise<T>) => Promise<T>;
}

export function createPublicContent(clock: () => number = Date.now): PublicContent {
  let generation = 0;
  // Stamped before the load starts: a change made while it runs leaves the result stale, not current.
  const stamp = (): Stamp => ({ generation, at: clock() });
  const isFresh = (entry: Stamp) =>
    entry.generation === generation && clock() - entry.at < PUBLIC_CONTENT_MAX_AGE_MS;

  const cachedByKey = <T>({ maxEntries, keep }: CachedByKeyOptions<T>) => {
    const entries = new Map<string, { stamp: Stamp; value: Promise<T> }>();
    return (key: string, load: () => Promise<T>): Promise<T> => {
      const existing = entries.get(key);
      if (existing && isFresh(existing.stamp)) return existing.value;
      entries.delete(key);
      if (entries.size >= maxEntries) {
        // Maps iterate in insertion order: the first key is the oldest entry.
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      const entry = { stamp: stamp(), value: load() };
      entries.set(key, entry);
      const forget = () => {
        if (entries.get(key) === entry) entries.delete(key);
      };
      // A failed load is retried by the next caller; a value that may not be kept serves only the callers
      // that were already waiting for it.
      entry.value.then((value) => {
        if (keep && !keep(value)) forget();
      }, forget);
      return entry.value;
    };
  };

  return {
    changed() {
      generation += 1;
    },
    cached<T>(load: () => Promise<T>) {
      const get = cachedByKey<T>({ maxEntries: 1 });
      return () => get('', load);
    },
    cachedByKey,
  };
}
