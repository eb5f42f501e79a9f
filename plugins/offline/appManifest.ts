// The web app manifest (written into the build by build.ts): what Chromium needs to offer an install
// (name, start URL, a standalone display, 192 and 512 px icons) and the theme's colours.

export const MANIFEST_PATH = '/manifest.webmanifest';

export interface IconSpec {
  src: string;
  size: number;
  purpose: 'any' | 'maskable';
}

export const ICONS: IconSpec[] = [
  { src: 'icons/icon-192.png', size: 192, purpose: 'any' },
  { src: 'icons/icon-512.png', size: 512, purpose: 'any' },
  { src: 'icons/maskable-512.png', size: 512, purpose: 'maskable' },
];

export const APP_MANIFEST = {
  id: '/',
  name: 'OneTrack',
  short_name: 'OneTrack',
  description:
    'One official track a month from the artists you love; tracks you keep offline play without a connection.',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  // The mark's ground and the page background (site/public/favicon.svg, site/styles/theme.scss).
  background_color: '#14121c',
  theme_color: '#0e0d13',
  icons: ICONS.map((icon) => ({
    src: `/${icon.src}`,
    sizes: `${icon.size}x${icon.size}`,
    type: 'image/png',
    purpose: icon.purpose,
  })),
} as const;
