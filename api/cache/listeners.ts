import { ALL, EVERYTHING, tagSet, type Tags } from './tags.ts';
import { collectChanges, dependsOn, noChanges, writeScope } from './scopes.ts';

/**
 * The listeners of one bus, and what it has seen: a sequence number per invalidation and the last
 * one of each tag, so a read can ask whether its tags changed while it ran. The per-tag record is
 * bounded: when it overflows it is forgotten and every read begun before counts as changed.
 */
export class Listeners {
  private static readonly MAX_TAGS = 50_000;
  private readonly set = new Set<(tags: Tags) => void>();
  private seq = 0;
  private lastAll = 0;
  private forgottenUpTo = 0;
  private readonly lastByTag = new Map<string, number>();

  add(listener: (tags: Tags) => void): () => void {
    this.set.add(listener);
    return () => this.set.delete(listener);
  }
  notify(tags: Tags): void {
    if (!tags.size) return;
    this.seq++;
    if (tags.has(EVERYTHING)) this.lastAll = this.seq;
    else {
      if (this.lastByTag.size + tags.size > Listeners.MAX_TAGS) {
        this.lastByTag.clear();
        this.forgottenUpTo = this.seq;
      }
      for (const tag of tags) this.lastByTag.set(tag, this.seq);
    }
    for (const listener of this.set) listener(tags);
  }
  mark(): number {
    return this.seq;
  }
  changedSince(mark: number, tags: Iterable<string>): boolean {
    if (this.lastAll > mark || this.forgottenUpTo > mark) return true;
    for (const tag of tags) if ((this.lastByTag.get(tag) ?? 0) > mark) return true;
    return false;
  }
}

/** What every bus shares: listeners, their record, and the scopes services write into. */
export function busBase(listeners: Listeners, invalidate: (tags: Set<string>) => Promise<number>) {
  return {
    invalidate: (tags?: Iterable<string>) => {
      const set = tagSet(tags);
      return set.size ? invalidate(set) : Promise.resolve(0);
    },
    async changed(tags: Iterable<string>) {
      const scope = writeScope.getStore();
      const set = tagSet(tags);
      if (!scope) {
        if (set.size) await invalidate(set);
        return;
      }
      scope.announced = true;
      for (const tag of set) scope.tags.add(tag);
    },
    async writing<T>(run: () => Promise<T>): Promise<T> {
      const changes = noChanges();
      let done = false;
      try {
        const result = await collectChanges(changes, run);
        done = true;
        return result;
      } finally {
        const tags = done && changes.announced ? changes.tags : new Set(ALL);
        if (tags.size) await invalidate(tags);
      }
    },
    dependsOn,
    mark: () => listeners.mark(),
    changedSince: (mark: number, tags: Iterable<string>) => listeners.changedSince(mark, tags),
    subscribe: (listener: (tags: Tags) => void) => listeners.add(listener),
  };
}
