/** The names caches are invalidated by, as a CDN's surrogate keys (docs/architecture.md lists who announces which). */
export type Tags = ReadonlySet<string>;

/** The tag every entry depends on: invalidating it drops everything. */
export const EVERYTHING = '*';
export const ALL: Tags = new Set([EVERYTHING]);
/** The entries of one signed-in user: their own pages and reads, their session user. */
export const userTag = (id: number) => `user:${id}`;
export const sessionTag = (sid: string) => `session:${sid}`;

/** Whether an invalidation of `invalidated` drops an entry made from `tags`. */
export function touches(invalidated: Tags, tags: Iterable<string>): boolean {
  if (invalidated.has(EVERYTHING)) return true;
  for (const tag of tags) if (invalidated.has(tag)) return true;
  return false;
}

// Tags travel space-separated (Redis) and name ids: anything else is a programming error.
const TAG = /^[\w:.-]+$|^\*$/;
export function tagSet(tags: Iterable<string> | undefined): Set<string> {
  const set = new Set(tags ?? [EVERYTHING]);
  for (const tag of set) if (!TAG.test(tag)) throw new Error(`Not a cache tag: ${JSON.stringify(tag)}`);
  return set.has(EVERYTHING) ? new Set(ALL) : set;
}
