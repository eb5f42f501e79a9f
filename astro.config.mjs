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
  // The stylesheet stays a file the browser keeps: inlined into every page (108 KB of CSS) it took the
  // home page's phone LCP from 2.0 s to 1.0 s but cost the pages two thirds of their req/s (bench http).
  build: { inlineStylesheets: 'never' },
  vite: {
    build: { assetsInlineLimit: 0 },
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
