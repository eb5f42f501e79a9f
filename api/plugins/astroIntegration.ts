import type { AstroIntegration } from 'astro';
import path from 'node:path';
import { loadPlugins, projectRoot } from './loader.ts';
import type { PluginManifest } from './types.ts';

/**
 * The modules through which the site reaches the enabled plugins' parts (docs/architecture.md,
 * "Extension points"): the page and shell slots' `.astro` fillers by slot name (site/components/Slot.astro,
 * server side only); the fillers of one slot, for an island or client script to import just those
 * (`…/islands/topbar.badges`: React components, `…/hooks/player.audio`: functions); the sidebar's entries.
 */
export const VIRTUAL = {
  slots: 'virtual:onetrack/slots',
  islands: 'virtual:onetrack/islands/',
  hooks: 'virtual:onetrack/hooks/',
  nav: 'virtual:onetrack/nav',
  adminPages: 'virtual:onetrack/admin-pages',
} as const;

interface Filler {
  slot: string;
  file: string;
}

function fillersOf(plugins: PluginManifest[]): Filler[] {
  return plugins.flatMap((plugin) =>
    Object.entries(plugin.slots ?? {}).flatMap(([slot, files]) =>
      [files].flat().map((file) => ({ slot, file: path.join(plugin.root!, file) })),
    ),
  );
}

/** `export default { 'slot.name': [filler, …] }`, in plugin order. */
export function slotModule(fillers: Filler[]): string {
  const imports = fillers.map((f, i) => `import filler${i} from ${JSON.stringify(f.file)};`);
  const bySlot = new Map<string, string[]>();
  fillers.forEach((f, i) => bySlot.set(f.slot, [...(bySlot.get(f.slot) ?? []), `filler${i}`]));
  const entries = [...bySlot].map(([slot, locals]) => `  ${JSON.stringify(slot)}: [${locals.join(', ')}],`);
  return `${imports.join('\n')}\nexport default {\n${entries.join('\n')}\n};\n`;
}

/** `export default [filler, …]`: the fillers of one slot, in plugin order. */
export function oneSlotModule(fillers: Filler[], slot: string): string {
  const mine = fillers.filter((f) => f.slot === slot);
  const imports = mine.map((f, i) => `import filler${i} from ${JSON.stringify(f.file)};`);
  return `${imports.join('\n')}\nexport default [${mine.map((_, i) => `filler${i}`).join(', ')}];\n`;
}

/** `export default [entry, …]`: one manifest list of every plugin, in its entries' order. */
function entriesModule(plugins: PluginManifest[], list: 'nav' | 'adminPages'): string {
  const entries = plugins.flatMap((p) => p[list] ?? []).sort((a, b) => a.order - b.order);
  return `export default ${JSON.stringify(entries)};\n`;
}
export const navModule = (plugins: PluginManifest[]) => entriesModule(plugins, 'nav');
export const adminPagesModule = (plugins: PluginManifest[]) => entriesModule(plugins, 'adminPages');

/**
 * Injects the pages that each enabled plugin declares in its manifest, from the plugin's own folder
 * (a package's included), and serves the virtual modules through which the site renders the
 * plugins' slot fillers and sidebar entries: a page never imports another plugin's components, and
 * a disabled plugin leaves nothing in the build. `@onetrack/site` names the shell's folder, so a
 * page outside this tree can use its layout: `import AppLayout from '@onetrack/site/layouts/AppLayout.astro'`.
 */
export function pluginPages(): AstroIntegration {
  return {
    name: 'onetrack-plugin-pages',
    hooks: {
      'astro:config:setup': async ({ injectRoute, updateConfig }) => {
        const plugins = await loadPlugins();
        for (const plugin of plugins) {
          for (const page of plugin.pages ?? []) {
            injectRoute({
              pattern: page.pattern,
              entrypoint: path.join(plugin.root!, page.entrypoint),
              prerender: false,
            });
          }
        }
        const fillers = fillersOf(plugins);
        const source = (id: string): string | undefined => {
          if (id === VIRTUAL.slots) return slotModule(fillers.filter((f) => f.file.endsWith('.astro')));
          if (id === VIRTUAL.nav) return navModule(plugins);
          if (id === VIRTUAL.adminPages) return adminPagesModule(plugins);
          for (const prefix of [VIRTUAL.islands, VIRTUAL.hooks])
            if (id.startsWith(prefix)) return oneSlotModule(fillers, id.slice(prefix.length));
          return undefined;
        };
        updateConfig({
          vite: {
            resolve: { alias: { '@onetrack/site': path.join(projectRoot, 'site') } },
            plugins: [
              {
                name: 'onetrack-plugin-slots',
                resolveId: (id: string) => (source(id) === undefined ? undefined : `\0${id}`),
                load: (id: string) => (id.startsWith('\0') ? source(id.slice(1)) : undefined),
              },
            ],
          },
        });
      },
    },
  };
}
