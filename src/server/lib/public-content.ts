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
  /** With `sizeOf`: most bytes kept at once, the oldest values going first (decision 064). */
  maxBytes?: number;
  /** A kept value's size in bytes, counted against `maxBytes`. */
  sizeOf?: (value: T) => number;
  /** Whether a loaded value may be kept (say, only pages that answered 200). Default: always. */
  keep?: (value: T) => boolean;
}

/**
 * Builds a value; `stale` is the one its key held until it went stale, if it was kept, so that a load can reuse
 * what did not change (a page's compressed bytes) instead of making it again.
 */
export type Load<T> = (stale: T | undefined) => Promise<T>;

/** One value built from public content; concurrent callers share a single load. */
export interface Cached<T> {
  (): Promise<T>;
  /**
   * The value now, without waiting, when it is loaded, kept and fresh; otherwise undefined (call the value).
   * For the busiest routes, which can then answer in the same tick, with no promise (decision 065).
   */
  current(): T | undefined;
}

export interface PublicContent {
  /** Call after a write that changes what public pages show: every cached copy is stale from now on. */
  changed(): void;
  cached<T>(load: Load<T>): Cached<T>;
  /** Values built from public content by key (e.g. a page's URL); concurrent callers of a key share a load. */
  cachedByKey<T>(options: CachedByKeyOptions<T>): (key: string, load: Load<T>) => Promise<T>;
}

export function createPublicContent(clock: () => number = Date.now): PublicContent {
  let generation = 0;
  // Stamped before the load starts: a change made while it runs leaves the result stale, not current.
  const stamp = (): Stamp => ({ generation, at: clock() });
  const isFresh = (entry: Stamp) =>
    entry.generation === generation && clock() - entry.at < PUBLIC_CONTENT_MAX_AGE_MS;

  const keyedCache = <T>({ maxEntries, maxBytes = Infinity, sizeOf, keep }: CachedByKeyOptions<T>) => {
    interface Entry {
      stamp: Stamp;
      value: Promise<T>;
      /** The value once loaded and kept, with its size. */
      kept?: { value: T; bytes: number };
    }
    const entries = new Map<string, Entry>();
    let keptBytes = 0;
    const remove = (key: string, entry: Entry) => {
      if (entries.get(key) !== entry) return;
      entries.delete(key);
      keptBytes -= entry.kept?.bytes ?? 0;
    };
    // Maps iterate in insertion order: the first key is the oldest entry.
    const removeOldest = () => {
      const oldest = entries.entries().next();
      if (!oldest.done) remove(...oldest.value);
    };
    const current = (key: string): T | undefined => {
      const entry = entries.get(key);
      return entry?.kept && isFresh(entry.stamp) ? entry.kept.value : undefined;
    };
    const get = (key: string, load: Load<T>): Promise<T> => {
      const existing = entries.get(key);
      if (existing && isFresh(existing.stamp)) return existing.value;
      if (existing) remove(key, existing);
      if (entries.size >= maxEntries) removeOldest();
      const entry: Entry = { stamp: stamp(), value: load(existing?.kept?.value) };
      entries.set(key, entry);
      // A failed load is retried by the next caller; a value that may not be kept serves only the callers
      // that were already waiting for it.
      entry.value.then(
        (value) => {
          if (keep && !keep(value)) return remove(key, entry);
          if (entries.get(key) !== entry) return;
          entry.kept = { value, bytes: sizeOf?.(value) ?? 0 };
          keptBytes += entry.kept.bytes;
          while (keptBytes > maxBytes && entries.size > 1) removeOldest();
        },
        () => remove(key, entry),
      );
      return entry.value;
    };
    return { get, current };
  };

  return {
    changed() {
      generation += 1;
    },
    cached<T>(load: Load<T>) {
      const { get, current } = keyedCache<T>({ maxEntries: 1 });
      return Object.assign(() => get('', load), { current: () => current('') });
    },
    cachedByKey: (options) => keyedCache(options).get,
  };
}
