// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { fileURLToPath } from 'node:url';
import postcssRtlcss from 'postcss-rtlcss';
import { pluginPages } from './api/plugins/astroIntegration.ts';
import { offlineApp } from './plugins/offline/build.ts';
import { SCRIPT_SOURCES, STYLE_SOURCES } from './api/http/csp.ts';
import { messagesPerLanguage } from './lib/i18n/vitePlugin.ts';

// The client build's shared code in four chunks, by when a page needs it (site/README.md,
// "Front-end delivery"). Left to automatic splitting it came as ~40 chunks of a few hundred bytes,
// each a request with its own headers and compression, found one import level at a time.
// What only some pages or an opened dialog need stays split off.
const chunkGroups = [
  {
    // What pages without the router load too (the embed player: no router, no React, under 15 KB,
    // syndication test): the audio helpers the embed shares with the site's player (the project's
    // lib/, not a package's), and the players' hooks (play reports: the player.audio slot,
    // api/plugins/astroIntegration.ts). Not the other hooks: page.start brings the catalog's page
    // scripts, which belong to the page chunk.
    name: 'base',
    priority: 4,
    test: new RegExp(
      String.raw`(?<!node_modules.*)[\\/]lib[\\/](loudness|time)\.ts$|[\\/]plugins` +
        String.raw`[\\/]insights[\\/]client[\\/]playReports\.ts$` +
        String.raw`|virtual:onetrack\/hooks\/player\.`,
    ),
  },
  {
    // React and its island renderer: fetched when the first island hydrates, after the first paint.
    name: 'react',
    priority: 3,
    test: /[\\/]node_modules[\\/](react|react-dom|scheduler|@astrojs[\\/]react|@nanostores[\\/]react)[\\/]/,
  },
  {
    // The page scripts, loaded after the first paint (site/lib/pageStart.ts): Astro's router, the
    // play buttons and the player's state, the cards' and tabs' listeners. Not the starter itself,
    // which stays in the layout's script. No React here (site/lib/use* are hooks),
    // nor luxon (site/lib/dates.ts: only the pages that use it load it). The project's lib/ (not a
    // package's) holds the counts' wording the page scripts share with the server.
    name: 'page',
    priority: 2,
    test: new RegExp(
      String.raw`[\\/]node_modules[\\/](astro|nanostores)[\\/]|(?<!node_modules.*)` +
        String.raw`[\\/]lib[\\/]format\.ts$|[\\/]site[\\/](stores[\\/]|lib[\\/](?!use` +
        String.raw`|dates\.ts|pageStart\.ts|loadedAndPainted\.ts))|[\\/]plugins` +
        String.raw`[\\/]catalog[\\/]client[\\/]|rolldown[\\/]runtime`,
    ),
  },
  {
    // The layout's islands and what they share with the catalog's action islands.
    name: 'islands',
    priority: 1,
    // The top bar's slots (virtual:onetrack/islands/topbar.*) and their fillers come with it.
    test: new RegExp(
      String.raw`[\\/]site[\\/](islands[\\/](Sidebar|TopBar|Player|Toaster)\.tsx` +
        String.raw`|components[\\/](Icon|IslandSlot|BadgeLink)\.tsx|lib[\\/]use)|` +
        String.raw`[\\/]plugins[\\/](messaging|notifications|admin)[\\/]islands[\\/]` +
        String.raw`(UnreadPoller|BellPoller|InboxLink|BellLink|AdminLink)\.tsx|` +
        String.raw`[\\/]plugins[\\/]catalog[\\/]islands[\\/]useCopiedFlag\.ts` +
        String.raw`|virtual:onetrack\/islands\/topbar\.`,
    ),
  },
];

/**
 * Our hydration directives (site/README.md, "Front-end delivery"): `client:paint` after the page
 * has loaded and painted, `client:demand` when the island has something to do (site/directives/).
 */
const hydrationDirectives = {
  name: 'hydration-directives',
  hooks: {
    /** @param {{ addClientDirective: (directive: { name: string; entrypoint: string }) => void }} options */
    'astro:config:setup': ({ addClientDirective }) => {
      for (const name of ['paint', 'demand']) {
        addClientDirective({
          name,
          entrypoint: fileURLToPath(new URL(`./site/directives/${name}.ts`, import.meta.url)),
        });
      }
    },
  },
};

export default defineConfig({
  srcDir: './site',
  publicDir: './site/public',
  outDir: './dist',
  output: 'server',
  adapter: node({ mode: 'middleware' }),
  integrations: [
    // Islands render with renderToString: none suspends on the server (dialogs load when opened), and a
    // stream per island cost a page render about a tenth of its CPU (web streams, an encoder and a
    // decoder for each island and for Astro's check of each). patches/ passes the island's useId prefix,
    // which the option drops upstream (@astrojs/react 7.0.0), so ids stay unique across islands.
    react({ experimentalDisableStreaming: true }),
    pluginPages(),
    hydrationDirectives,
    offlineApp(),
  ],
  security: {
    // Koa checks Origin on every write for the whole app (api/http/security.ts).
    checkOrigin: false,
    // Astro hashes every inline script it writes (island element, directives, inlined scripts) and
    // puts the hashes in each page's policy header; the kernel takes them into its own policy
    // (api/http/csp.ts, api/http/astro.ts). Styles keep 'unsafe-inline', so Astro lists no style hashes.
    csp: { scriptDirective: { resources: SCRIPT_SOURCES }, styleDirective: { resources: STYLE_SOURCES } },
  },
  // No prefetch: with it Astro adds a head module script to every page, run before the first paint,
  // and no link asked for prefetching.
  prefetch: false,
  // The theme is a file the browser keeps, loaded without blocking render (site/layouts/AppLayout.astro,
  // site/README.md "Front-end delivery"); components' own small <style> blocks are inlined so
  // that no stylesheet request stands between the HTML and the first paint.
  build: { inlineStylesheets: 'auto' },
  vite: {
    // The browser's messages in the page's language only (lib/i18n/vitePlugin.ts), loaded per chunk group.
    plugins: [messagesPerLanguage(chunkGroups)],
    // CSS under 4 KB and import-free scripts under 6 KB are inlined (the page scripts' starter,
    // site/lib/pageStart.ts, 4.4 KB: the forms' hold and the router's wait for hydrating islands);
    // images, fonts, the theme and the bundles stay files (caching).
    build: {
      assetsInlineLimit: (file, content) =>
        (file.endsWith('.css') && content.length < 4096) || (file.endsWith('.js') && content.length < 6144),
    },
    css: {
      // Right-to-left (Arabic, issue 43): every rule that depends on the direction gets a
      // `[dir="rtl"]` twin flipping it (Bootstrap's own RTL build is made the same way, with RTLCSS).
      // Override mode leaves the left-to-right rules as they were, so the inlined first-screen sets
      // (made from them) stay right for those pages.
      postcss: { plugins: [postcssRtlcss({ mode: 'override' })] },
      preprocessorOptions: {
        // Bootstrap 5.3's Sass still uses @import and global functions, which Dart Sass deprecates
        // (gone in Sass 3): keep the build quiet about Bootstrap's own sources and the @import of them.
        scss: { quietDeps: true, silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'] },
      },
    },
    environments: {
      client: {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: { groups: chunkGroups },
            },
          },
        },
      },
    },
    // react-bootstrap's per-component folders (react-bootstrap/Button) are not valid Node ESM imports.
    ssr: {
      noExternal: [
        'react-bootstrap',
        'react-transition-group',
        '@restart/ui',
        '@restart/hooks',
        'uncontrollable',
        'dom-helpers',
      ],
    },
  },
});
