import type { CacheBus } from './bus.ts';
import { collectReads, dependsOn } from './scopes.ts';
import { EVERYTHING, touches } from './tags.ts';

/**
 * cachedReads of reads whose tags are those their services declared while they ran (collectReads),
 * plus `extraTags`: a value is kept with them and declares them again in the caller's scope each time
 * it is served, so what is made from a kept value (a page) is put out by the same writes as what is
 * made from a fresh read. The key must name everything the read depends on besides its tags.
 */
export function declaringReads(
  bus: CacheBus,
  options: { ttlMs?: number; maxEntries?: number; now?: () => number } = {},
) {
  const kept = cachedReads<{ value: unknown; tags: string[] }>(bus, options);
  return async <V>(key: string, load: () => Promise<V>, extraTags: string[] = []): Promise<V> => {
    const read = (await kept.get(
      key,
      async () => {
        let value: unknown;
        const tags = await collectReads(async () => {
          value = await load();
        });
        return { value, tags: [...tags, ...extraTags] };
      },
      (made) => made.tags,
    ))!;
    dependsOn(read.tags);
    return read.value as V;
  };
}

export interface CachedReads<V> {
  /**
   * The value kept for `key`, else `load()`'s, kept unless an invalidation of `tags` came while it
   * loaded. Without tags it is dropped by every invalidation. `tags` may be read off the loaded
   * value, for a read whose tags are known only once it ran (what its services declared).
   */
  get(
    key: string,
    load: () => Promise<V | undefined>,
    tags?: string[] | ((value: V) => string[]),
  ): Promise<V | undefined>;
}

/**
 * A process-local cache of small database reads that every request repeats (a session's row, its
 * user), obeying kernel.cache like the page cache: dropped by an invalidation of its tags from any
 * node, unused while the bus has no version, and aged out after `ttlMs` (changes that no API write
 * announces). Misses (undefined) are not kept; values are shared, so callers must not change them.
 */
export function cachedReads<V>(
  bus: CacheBus,
  options: { ttlMs?: number; maxEntries?: number; now?: () => number } = {},
): CachedReads<V> {
  const ttlMs = options.ttlMs ?? 30_000;
  const maxEntries = options.maxEntries ?? 10_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { value: V; version: string; storedAt: number; tags: string[] | null }>();
  /**
   * Loads under way, by key: a page's reads start at once, and several of them (or several requests)
   * often ask for one key before its first load is back (the site's texts three times a home page).
   * A caller joins a load only if no invalidation at all came since it began: its answer is then as
   * fresh as a load of the caller's own (read-your-writes included, as a writer's invalidation comes
   * first). Like a kept value, a joined load declares nothing in the joiner's scope.
   */
  const loading = new Map<string, { value: Promise<V | undefined>; version: string; mark: number }>();
  bus.subscribe((invalidated) => {
    if (invalidated.has(EVERYTHING)) entries.clear();
    else for (const [key, entry] of entries) if (!entry.tags || touches(invalidated, entry.tags)) entries.delete(key);
  });
  return {
    async get(key, load, tags) {
      const version = bus.version();
      if (version === null) return load();
      const hit = entries.get(key);
      if (hit && hit.version === version && Math.abs(now() - hit.storedAt) <= ttlMs) return hit.value;
      const mark = bus.mark();
      const running = loading.get(key);
      if (running && running.version === version && running.mark === mark) return running.value;
      const flight = { value: load(), version, mark };
      loading.set(key, flight);
      let value: V | undefined;
      try {
        value = await flight.value;
      } finally {
        if (loading.get(key) === flight) loading.delete(key);
      }
      if (value === undefined) return value;
      const made = typeof tags === 'function' ? tags(value) : tags;
      const untouched = made ? !bus.changedSince(mark, made) : bus.mark() === mark;
      if (untouched && bus.version() === version) {
        entries.delete(key);
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
        entries.set(key, { value, version, storedAt: now(), tags: made ?? null });
      }
      return value;
    },
  };
}
