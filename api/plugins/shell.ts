import { declaringReads } from '../cache/cachedReads.ts';
import { userTag } from '../cache/tags.ts';
import type { SessionUser } from '../http/state.ts';
import type { Kernel, PluginManifest, ShellData } from './types.ts';

export type ShellLoader = (user: SessionUser | null, variant?: string) => Promise<ShellData>;

/**
 * Merges every plugin's part of the shell data; signed-out visitors get the empty shell. A signed-in
 * viewer's is kept per node (declaringReads) with the tags its plugins' reads declared and their
 * `user:<id>`, and each page that shows it declares them again: a page of theirs that a write puts
 * out (their like, their allocation, a message they sent) is rendered again without the shell's
 * four queries, which were a third of a member's page render's round trips under the load mix.
 * `variant` is the page's (AppState.pageVariant): what the shell shows may depend on the viewer's
 * month or zone as the page does.
 */
export function shellLoader(plugins: PluginManifest[], kernel: Kernel): ShellLoader {
  const kept = declaringReads(kernel.cache, { now: () => kernel.now().getTime() });
  // Every part is declared by the plugin that fills it, with its signed-out value: together, the shell.
  const EMPTY = Object.assign({}, ...plugins.map((p) => p.shellDefaults ?? {})) as ShellData;
  return async (user, variant = '') => {
    if (!user) return EMPTY;
    return kept(
      `${user.id} ${variant}`,
      async (): Promise<ShellData> =>
        Object.assign({}, EMPTY, ...(await Promise.all(plugins.map((p) => p.shell?.(kernel, user) ?? {})))),
      [userTag(user.id)],
    );
  };
}
