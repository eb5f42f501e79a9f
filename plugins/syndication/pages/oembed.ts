import type { APIRoute } from 'astro';
import { pageViewer } from '../../catalog/viewer.ts';
import { oembedResponse, oembedXml, parseOembedRequest, type OembedSubject } from '../oembed.ts';
import { OEMBED_MESSAGES } from '../rules.ts';

// GET /oembed?url=…&format=json|xml&maxwidth=&maxheight= (https://oembed.com): the embed player of
// a OneTrack track or artist page. Errors are JSON {message} like the rest of the site's answers.
export const GET: APIRoute = async (context) => {
  const { catalog } = context.locals.services;
  const parsed = parseOembedRequest(context.url.searchParams, new URL(context.locals.origin).host);
  if (!parsed.ok) return Response.json({ message: parsed.message }, { status: parsed.status });
  const { request } = parsed;
  const viewer = pageViewer(context);

  let subject: OembedSubject | null = null;
  if (request.target.kind === 'tracks') {
    const track = await catalog.findTrack(request.target.id, viewer);
    if (track)
      subject = { title: `${track.title} by ${track.artist.name}`, artist: track.artist, cover: track.coverSrcset };
  } else {
    const artist = await catalog.findArtist(request.target.id, viewer);
    const [latest] = artist ? await catalog.artistTracks(artist.id, viewer, { limit: 1 }) : [];
    if (artist) subject = { title: `${artist.name} on OneTrack`, artist, cover: latest?.coverSrcset ?? null };
  }
  if (!subject) return Response.json({ message: OEMBED_MESSAGES.notFound }, { status: 404 });

  const response = oembedResponse(request, subject, context.locals.origin);
  return request.format === 'xml'
    ? new Response(oembedXml(response), { headers: { 'Content-Type': 'text/xml; charset=utf-8' } })
    : Response.json(response);
};
