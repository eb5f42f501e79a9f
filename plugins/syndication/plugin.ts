import type { PluginManifest } from '../../api/plugins/types.ts';

// Links that play everywhere (issue 13): oEmbed answers for track and artist pages, Atom feeds of
// drops, and the head tags (links.ts, rendered by catalog's SeoTags) that point at them and at the
// releases feature's embed player.
const syndication: PluginManifest = {
  name: 'syndication',
  api: '^1.0.0',
  dependsOn: ['catalog', 'releases'],
  pages: [
    { pattern: '/oembed', entrypoint: 'pages/oembed.ts' },
    { pattern: '/feed.xml', entrypoint: 'pages/feed.xml.ts' },
    { pattern: '/artist/[id]/feed.xml', entrypoint: 'pages/artist-feed.xml.ts' },
  ],
};

export default syndication;
