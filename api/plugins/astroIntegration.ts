import type { AstroIntegration } from 'astro';
import path from 'node:path';
import { loadPlugins, pluginsRoot } from './loader.ts';

/** Injects the pages that each enabled plugin declares in its manifest. */
export function pluginPages(): AstroIntegration {
  return {
    name: 'onetrack-plugin-pages',
    hooks: {
      'astro:config:setup': async ({ injectRoute }) => {
        for (const plugin of await loadPlugins()) {
          for (const page of plugin.pages ?? []) {
            injectRoute({ pattern: page.pattern, entrypoint: path.join(pluginsRoot, plugin.name, page.entrypoint), prerender: false });
          }
        }
      },
    },
  };
}
