import type { Kernel } from '../../api/plugins/types.ts';
import { createArtists, createArtistState } from './artists.ts';
import { createExclusiveAuthoring } from './exclusiveAuthoring.ts';
import { createExclusives } from './exclusives.ts';
import { createCatalogLens } from './lens.ts';
import { createLikes } from './likes.ts';
import { createListens } from './listens.ts';
import { createSitemap } from './sitemap.ts';
import { createSubscriptions } from './subscriptions.ts';
import { createTracks } from './tracks.ts';

// The catalog service, composed of one module a concern: artists, tracks, likes, listens and
// popularity, subscriptions, exclusives and their claims, the sitemap. They share the viewer's lens,
// the popularity measure and the kept catalog-wide reads (lens.ts), and whether an artist exists.

export function createCatalogService(kernel: Kernel) {
  const context = createCatalogLens(kernel);
  const artistState = createArtistState(kernel, context);
  const tracks = createTracks(kernel, context, artistState);
  return {
    ...createArtists(kernel, context, artistState),
    ...tracks,
    ...createLikes(kernel, context, tracks),
    ...createListens(kernel, context, tracks),
    ...createExclusives(kernel, context, artistState),
    ...createSubscriptions(kernel, context, artistState),
    ...createSitemap(context),
    /** Artists' own exclusives: creation, their files, deletion (exclusiveAuthoring.ts). */
    ownExclusives: createExclusiveAuthoring(kernel),
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;

declare module '../../api/plugins/types.ts' {
  interface Services {
    catalog: CatalogService;
  }
}
