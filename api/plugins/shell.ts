import type { SessionUser } from '../http/state.ts';
import type { Kernel, PluginManifest, ShellData } from './types.ts';

const EMPTY: ShellData = { unreadMessages: 0, unreadNotifications: 0, subscriptions: [], membership: null };

/** Merges every plugin's part of the shell data; signed-out visitors get the empty shell. */
export async function loadShellData(plugins: PluginManifest[], kernel: Kernel, user: SessionUser | null): Promise<ShellData> {
  if (!user) return EMPTY;
  const parts = await Promise.all(plugins.map((p) => p.shell?.(kernel, user) ?? {}));
  return Object.assign({}, EMPTY, ...parts);
}
