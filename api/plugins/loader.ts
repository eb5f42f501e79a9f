import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConfigError } from '../config.ts';
import { checkApiRange } from './apiVersion.ts';
import type { PluginManifest } from './types.ts';

export const projectRoot = path.resolve(import.meta.dirname, '../..');
export const pluginsRoot = path.join(projectRoot, 'plugins');
export const enabledListFile = path.join(pluginsRoot, 'enabled.json');

/** A folder of plugins/ (`merch`) or an npm package name, scoped or not (`@acme/onetrack-plugin-merch`). */
const ENTRY = /^(@[a-z0-9][a-z0-9._-]*\/)?[a-z0-9][a-z0-9._-]*$/;
/** A plugin's own name: its service's key, what `dependsOn` names. */
const NAME = /^[a-z][a-z0-9-]*$/;

export function readEnabledList(file = process.env.ONETRACK_PLUGINS ?? enabledListFile): string[] {
  if (!existsSync(file)) throw new ConfigError(`The enabled plugins list ${file} does not exist`);
  const list: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (!Array.isArray(list) || !list.every((n) => typeof n === 'string' && ENTRY.test(n))) {
    throw new ConfigError(`${file} must be a JSON array of plugin folder names or npm package names`);
  }
  return list;
}

/** Orders plugins so each comes after everything it depends on; refuses missing or circular ones. */
export function orderByDependencies<T extends Pick<PluginManifest, 'name' | 'dependsOn' | 'optionalDependsOn'>>(
  manifests: T[],
): T[] {
  const byName = new Map(manifests.map((m) => [m.name, m]));
  const ordered: T[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (manifest: T, chain: string[]) => {
    if (state.get(manifest.name) === 'done') return;
    if (state.get(manifest.name) === 'visiting') {
      throw new ConfigError(`Plugins depend on each other in a circle: ${[...chain, manifest.name].join(' → ')}`);
    }
    state.set(manifest.name, 'visiting');
    for (const dep of manifest.dependsOn ?? []) {
      const target = byName.get(dep);
      if (!target) {
        throw new ConfigError(
          `Plugin "${manifest.name}" needs plugin "${dep}", which is not enabled in plugins/enabled.json`,
        );
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

/**
 * Where packages are found: as Node finds an import made from the folder of the enabled list that
 * ONETRACK_PLUGINS names (plugins installed beside it), then from the app's own folder.
 */
function packageBases(): string[] {
  const list = process.env.ONETRACK_PLUGINS;
  return list ? [path.dirname(path.resolve(list)), projectRoot] : [projectRoot];
}

/** The installed package's main module and root folder (symlinks resolved), or null. */
function findPackage(name: string): { file: string; root: string } | null {
  let file: string;
  try {
    file = createRequire(path.join(projectRoot, 'package.json')).resolve(name, { paths: packageBases() });
  } catch {
    return null;
  }
  for (let dir = path.dirname(file); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === name) return { file, root: dir };
  }
  return null;
}

/** An unscoped entry with a folder in `root` is that folder; anything else is an npm package. */
function locate(entry: string, root: string): { file: string; root: string; isPackage: boolean } {
  const folder = path.join(root, entry);
  if (!entry.startsWith('@') && existsSync(folder)) {
    const file = path.join(folder, 'plugin.ts');
    if (!existsSync(file)) throw new ConfigError(`Plugin "${entry}" is enabled but ${file} does not exist`);
    return { file, root: folder, isPackage: false };
  }
  const found = findPackage(entry);
  if (!found)
    throw new ConfigError(
      `Plugin "${entry}" is enabled but is neither a folder of ${root} nor an installed npm package`,
    );
  return { ...found, isPackage: true };
}

async function importManifest(entry: string, file: string): Promise<PluginManifest | undefined> {
  try {
    return (await import(pathToFileURL(file).href)).default;
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_UNSUPPORTED_NODE_MODULES_TYPE_STRIPPING') {
      throw new ConfigError(
        `Plugin "${entry}" ships TypeScript inside node_modules, which Node does not ` +
          `run: the package must ship JavaScript`,
      );
    }
    throw error;
  }
}

/** The plugins left when `removed` is turned off: it goes with every plugin that needs it, transitively. */
export function withoutPlugin(manifests: PluginManifest[], removed: string): PluginManifest[] {
  const gone = new Set([removed]);
  for (let grew = true; grew;) {
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

/**
 * The manifests of these entries in dependency order, each with its `root`. An entry is a folder
 * name, a package name, or (tests) a manifest itself. A folder plugin is named as its folder; a
 * package names itself. Every manifest must accept this kernel's plugin API version.
 */
export async function loadPlugins(
  entries: Array<string | PluginManifest> = readEnabledList(),
  root = pluginsRoot,
): Promise<PluginManifest[]> {
  const manifests: PluginManifest[] = [];
  for (const entry of entries) {
    const manifest = typeof entry === 'string' ? await loadEntry(entry, root) : entry;
    if (!NAME.test(manifest.name ?? ''))
      throw new ConfigError(
        `Plugin name "${manifest.name}" must be lower-case letters, digits and dashes, starting with a letter`,
      );
    checkApiRange(manifest.name, manifest.api);
    if (manifests.some((m) => m.name === manifest.name))
      throw new ConfigError(`Two enabled plugins are named "${manifest.name}"`);
    manifests.push(manifest);
  }
  return orderByDependencies(manifests);
}

async function loadEntry(entry: string, root: string): Promise<PluginManifest> {
  const found = locate(entry, root);
  const manifest = await importManifest(entry, found.file);
  if (!manifest || (!found.isPackage && manifest.name !== entry)) {
    throw new ConfigError(
      `${found.file} must export default a plugin manifest${found.isPackage ? '' : ` named "${entry}"`}`,
    );
  }
  return { ...manifest, root: found.root };
}
