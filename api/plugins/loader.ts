import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConfigError } from '../config.ts';
import type { PluginManifest } from './types.ts';

export const pluginsRoot = path.resolve(import.meta.dirname, '../../plugins');
export const enabledListFile = path.join(pluginsRoot, 'enabled.json');

export function readEnabledList(file = process.env.ONETRACK_PLUGINS ?? enabledListFile): string[] {
  const list: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (!Array.isArray(list) || !list.every((n) => typeof n === 'string' && /^[a-z][a-z0-9-]*$/.test(n))) {
    throw new ConfigError(`${file} must be a JSON array of plugin folder names`);
  }
  return list;
}

/** Orders plugins so each comes after everything it depends on; refuses missing or circular ones. */
export function orderByDependencies(manifests: PluginManifest[]): PluginManifest[] {
  const byName = new Map(manifests.map((m) => [m.name, m]));
  const ordered: PluginManifest[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (manifest: PluginManifest, chain: string[]) => {
    if (state.get(manifest.name) === 'done') return;
    if (state.get(manifest.name) === 'visiting') {
      throw new ConfigError(`Plugins depend on each other in a circle: ${[...chain, manifest.name].join(' → ')}`);
    }
    state.set(manifest.name, 'visiting');
    for (const dep of manifest.dependsOn ?? []) {
      const target = byName.get(dep);
      if (!target) {
        throw new ConfigError(`Plugin "${manifest.name}" needs plugin "${dep}", which is not enabled in plugins/enabled.json`);
      }
      visit(target, [...chain, manifest.name]);
    }
    // Present or not; when present, its service is built first.
    for (const dep of manifest.optionalDependsOn ?? []) {
      const target = byName.get(dep);
      if (target) visit(target, [...chain, manifest.name]);
    }
    state.set(manifest.name, 'done');
    ordered.push(manifest);
  };
  for (const manifest of manifests) visit(manifest, []);
  return ordered;
}

/** The plugins left when `removed` is turned off: it goes with every plugin that needs it, transitively. */
export function withoutPlugin(manifests: PluginManifest[], removed: string): PluginManifest[] {
  const gone = new Set([removed]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const m of manifests) {
      if (!gone.has(m.name) && (m.dependsOn ?? []).some((dep) => gone.has(dep))) {
        gone.add(m.name);
        grew = true;
      }
    }
  }
  return manifests.filter((m) => !gone.has(m.name));
}

export async function loadPlugins(names: string[] = readEnabledList(), root = pluginsRoot): Promise<PluginManifest[]> {
  const manifests: PluginManifest[] = [];
  for (const name of names) {
    const file = path.join(root, name, 'plugin.ts');
    if (!existsSync(file)) throw new ConfigError(`Plugin "${name}" is enabled but ${file} does not exist`);
    const manifest = (await import(pathToFileURL(file).href)).default as PluginManifest;
    if (manifest?.name !== name) throw new ConfigError(`${file} must export default a manifest named "${name}"`);
    manifests.push(manifest);
  }
  return orderByDependencies(manifests);
}
