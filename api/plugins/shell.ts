import { cachedReads, collectReads, dependsOn, userTag } from '../cache.ts';
import type { SessionUser } from '../http/state.ts';
import type { Kernel, PluginManifest, ShellData } from './types.ts';

const EMPTY: ShellData = { unreadMessages: 0, unreadNotifications: 0, subscriptions: [], membership: null };

interface Kept {
  data: ShellData;
  /** What its parts read (their `dependsOn`), and the user's own tag. */
  tags: string[];
}

/**
 * Every plugin's part of the shell data (sidebar, badges, membership) merged; signed-out visitors get
 * the empty shell. A signed-in user's is kept per node like their pages (`cachedReads`): a page of
 * theirs rendered again after a like or an allocation, which the shell does not show, reads no
 * sidebar and badges again. Its tags go into the read that shows it, hit or not, so a page is
 * dropped with the shell it shows (a message marked read drops every page with its badge).
 */
export function shellData(plugins: PluginManifest[], kernel: Kernel): (user: SessionUser | null) => Promise<ShellData> {
  const kept = cachedReads<Kept>(kernel.cache);
  const load = async (user: SessionUser): Promise<Kept> => {
    let data = EMPTY;
    const read = await collectReads(async () => {
      const parts = await Promise.all(plugins.map((p) => p.shell?.(kernel, user) ?? {}));
      data = Object.assign({}, EMPTY, ...parts);
    });
    return { data, tags: [...read, userTag(user.id)] };
  };
  return async (user) => {
    if (!user) return EMPTY;
    const { data, tags } = (await kept.get(String(user.id), () => load(user), (value) => value.tags))!;
    dependsOn(tags);
    return data;
  };
}
