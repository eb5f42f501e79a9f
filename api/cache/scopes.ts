import { AsyncLocalStorage } from 'node:async_hooks';
import { tagSet } from './tags.ts';

export const writeScope = new AsyncLocalStorage<Changes>();
const readScope = new AsyncLocalStorage<Set<string>>();

/** What the services of one write announced; `announced` false: nobody said, so anything may have changed. */
export interface Changes {
  tags: Set<string>;
  announced: boolean;
}

export const noChanges = (): Changes => ({ tags: new Set(), announced: false });

/** Runs a write (an API request, a job) gathering into `changes` the tags its services announce with `changed()`. */
export function collectChanges<T>(changes: Changes, run: () => Promise<T>): Promise<T> {
  return writeScope.run(changes, run);
}

/**
 * Declares what the read running now is made from (`kernel.cache.dependsOn` is this): a query builder
 * below the services may declare what it reads wherever it runs, as catalog's `tracksQuery` does for
 * the viewer's likes.
 */
export function dependsOn(tags: Iterable<string>): void {
  const scope = readScope.getStore();
  if (scope) for (const tag of tagSet(tags)) scope.add(tag);
}

/** Runs a read whose result may be kept, gathering the tags of what it was made from (`dependsOn`). */
export async function collectReads(run: () => Promise<unknown>): Promise<Set<string>> {
  const tags = new Set<string>();
  await readScope.run(tags, run);
  return tags;
}
