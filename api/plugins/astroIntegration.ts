import type { AstroIntegration } from 'astro';
import path from 'node:path';
import { loadPlugins, projectRoot } from './loader.ts';

/**
 * Injects the pages that each enabled plugin declares in its manifest, from the plugin's own folder
 * (a package's included). `@onetrack/site` names the shell's folder, so a page outside this tree
 * can use its layout: `import AppLayout from '@onetrack/site/layouts/AppLayout.astro'`.
 */
export function pluginPages(): AstroIntegration {
  return {
    name: 'onetrack-plugin-pages',
    hooks: {
      'astro:config:setup': async ({ injectRoute, updateConfig }) => {
        updateConfig({ vite: { resolve: { alias: { '@onetrack/site': path.join(projectRoot, 'site') } } } });
        for (const plugin of await loadPlugins()) {
          for (const page of plugin.pages ?? []) {
            injectRoute({ pattern: page.pattern, entrypoint: path.join(plugin.root!, page.entrypoint), prerender: false });
          }
        }
      },
    },
  };
}
