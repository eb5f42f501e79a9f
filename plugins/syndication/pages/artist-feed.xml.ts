import type { APIRoute } from 'astro';
import { pageViewer } from '../../catalog/viewer.ts';
import { ATOM_TYPE, artistFeed } from '../feeds.ts';
import { FEED_ENTRIES } from '../rules.ts';

// One artist's drops, newest first, for feed readers (the artist and track pages link it).
export const GET: APIRoute = async (context) => {
  const { catalog } = context.locals.services;
  const viewer = pageViewer(context);
  const artist = /^\d{1,15}$/.test(context.params.id ?? '')
    ? await catalog.findArtist(Number(context.params.id), viewer)
    : null;
  if (!artist) return Response.json({ message: 'Artist not found' }, { status: 404 });
  const tracks = await catalog.artistTracks(artist.id, viewer, { limit: FEED_ENTRIES });
  return new Response(artistFeed(artist, tracks, context.locals.origin), { headers: { 'Content-Type': ATOM_TYPE } });
};
