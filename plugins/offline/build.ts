import type { AstroIntegration } from 'astro';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { build } from 'vite';
import { injectManifest } from 'workbox-build';
import { readEnabledList } from '../../api/plugins/loader.ts';
import { APP_MANIFEST, ICONS, MANIFEST_PATH, type IconSpec } from './appManifest.ts';

const here = import.meta.dirname;
const FAVICON = path.resolve(here, '../../site/public/favicon.svg');

/** A square PNG of the mark: full bleed for "any", inside the maskable safe zone (80 %) on the mark's own ground. */
async function icon(svg: Buffer, spec: IconSpec): Promise<Buffer> {
  if (spec.purpose !== 'maskable')
    return sharp(svg, { density: 72 * (spec.size / 64) })
      .resize(spec.size, spec.size)
      .png()
      .toBuffer();
  const inner = Math.round(spec.size * 0.8);
  const mark = await sharp(svg, { density: 72 * (inner / 64) })
    .resize(inner, inner)
    .png()
    .toBuffer();
  return sharp({
    create: { width: spec.size, height: spec.size, channels: 4, background: APP_MANIFEST.background_color },
  })
    .composite([{ input: mark, gravity: 'center' }])
    .png()
    .toBuffer();
}

/** Bundles sw/sw.ts (Workbox's modules inlined) as a classic script, then lets Workbox inject the precache list. */
async function serviceWorker(clientDir: string): Promise<{ count: number; size: number }> {
  const work = await mkdtemp(path.join(tmpdir(), 'onetrack-sw-'));
  try {
    await build({
      configFile: false,
      logLevel: 'warn',
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      build: {
        outDir: work,
        emptyOutDir: false,
        minify: true,
        lib: { entry: path.join(here, 'sw/sw.ts'), formats: ['iife'], name: 'onetrackWorker', fileName: () => 'sw.js' },
      },
    });
    const { count, size, warnings } = await injectManifest({
      swSrc: path.join(work, 'sw.js'),
      swDest: path.join(clientDir, 'sw.js'),
      globDirectory: clientDir,
      // The shell: the build's scripts, styles and fonts, and the app's icons. Images and the pages
      // themselves are kept as they are seen (sw/sw.ts).
      globPatterns: ['_astro/**/*.{js,css,woff2}', 'icons/*.png', 'favicon.svg', MANIFEST_PATH.slice(1)],
      // Hashed names change with their content: no revision needed.
      dontCacheBustURLsMatching: /^_astro\//,
    });
    if (warnings.length) throw new Error(`workbox: ${warnings.join('; ')}`);
    return { count, size };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * The installable app's files, written into the client build when the offline plugin is enabled:
 * icons made from the favicon with sharp, the web app manifest, and /sw.js.
 */
export function offlineApp(): AstroIntegration {
  return {
    name: 'onetrack-offline',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        if (!readEnabledList().includes('offline')) return;
        // With server output `dir` is the client folder, whose files the kernel serves.
        const clientDir = fileURLToPath(dir);
        const svg = await readFile(FAVICON);
        await mkdir(path.join(clientDir, 'icons'), { recursive: true });
        for (const spec of ICONS) await writeFile(path.join(clientDir, spec.src), await icon(svg, spec));
        await writeFile(path.join(clientDir, MANIFEST_PATH), JSON.stringify(APP_MANIFEST));
        const { count, size } = await serviceWorker(clientDir);
        logger.info(`sw.js precaches ${count} files (${Math.round(size / 1024)} KB)`);
      },
    },
  };
}
