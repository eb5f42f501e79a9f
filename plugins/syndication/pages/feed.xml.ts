import type { APIRoute } from 'astro';
import { pageViewer } from '../../catalog/viewer.ts';
import { ATOM_TYPE, siteFeed } from '../feeds.ts';
import { FEED_ENTRIES } from '../rules.ts';

// The newest drops of every artist, for feed readers (every page links it).
export const GET: APIRoute = async (context) => {
  const { catalog } = context.locals.services;
  const tracks = await catalog.latestTracks(pageViewer(context), FEED_ENTRIES);
  return new Response(siteFeed(tracks, context.locals.origin, context.locals.now()), {
    headers: { 'Content-Type': ATOM_TYPE },
  });
};
