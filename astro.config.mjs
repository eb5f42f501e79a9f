// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { pluginPages } from './api/plugins/astroIntegration.ts';

export default defineConfig({
  srcDir: './site',
  publicDir: './site/public',
  outDir: './dist',
  output: 'server',
  adapter: node({ mode: 'middleware' }),
  integrations: [react(), pluginPages()],
  // Koa checks Origin on every write for the whole app (api/http/security.ts).
  security: { checkOrigin: false },
  prefetch: { prefetchAll: false, defaultStrategy: 'hover' },
  // The theme is a file the browser keeps, loaded without blocking render (site/layouts/AppLayout.astro,
  // docs/architecture.md "Front-end delivery"); components' own small <style> blocks are inlined so
  // that no stylesheet request stands between the HTML and the first paint.
  build: { inlineStylesheets: 'auto' },
  vite: {
    // Only CSS under 4 KB is inlined; images, fonts and the theme stay files (CSP, caching).
    build: { assetsInlineLimit: (file, content) => file.endsWith('.css') && content.length < 4096 },
    css: {
      preprocessorOptions: {
        // Bootstrap 5.3's Sass still uses @import and global functions, which Dart Sass deprecates
        // (gone in Sass 3): keep the build quiet about Bootstrap's own sources and the @import of them.
        scss: { quietDeps: true, silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'] },
      },
    },
    // react-bootstrap's per-component folders (react-bootstrap/Button) are not valid Node ESM imports.
    ssr: { noExternal: ['react-bootstrap', 'react-transition-group', '@restart/ui', '@restart/hooks', 'uncontrollable', 'dom-helpers'] },
  },
});
