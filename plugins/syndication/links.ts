import { mediaType } from '../../api/http/media.ts';
import { EMBED_HEIGHT, EMBED_WIDTH, embedPath, type EmbedKind } from '../releases/embed.ts';
import type { ArtistJson, TrackJson } from '../catalog/types.ts';

// Where a track or an artist plays outside OneTrack: its embed player, its oEmbed answer, its
// artist's Atom feed, and the head tags (Twitter player card, OpenGraph audio and music) that point
// at them. Pure: the pages' head (catalog's SeoTags) renders what these return.

export const OEMBED_PATH = '/oembed';
export const SITE_FEED_PATH = '/feed.xml';
export const SITE_FEED_TITLE = 'OneTrack: new drops';
export const artistFeedPath = (artistId: number) => `/artist/${artistId}/feed.xml`;
export const artistFeedTitle = (name: string) => `${name} on OneTrack: drops`;

/** The oEmbed endpoint's address for a page (discovery links). */
export function oembedHref(origin: string, pageUrl: string, format: 'json' | 'xml'): string {
  const url = new URL(OEMBED_PATH, origin);
  url.searchParams.set('url', pageUrl);
  url.searchParams.set('format', format);
  return url.href;
}

/** What a shareable page says about the player behind it (SeoTags renders it). */
export interface PlayerCard {
  /** The page whose oEmbed answer is linked. */
  pagePath: string;
  title: string;
  embed: { path: string; width: number; height: number };
  /** The stream file of the track that plays (og:audio), when there is one. */
  audio: { path: string; type: string } | null;
  /** A song's music:* facts (track pages only). */
  song: { duration: number; musicianPath: string; releaseDate: string } | null;
  feed: { path: string; title: string };
}

const audioOf = (track: TrackJson | undefined) =>
  track ? { path: track.audioUrl, type: mediaType(track.audioUrl) ?? 'audio/mpeg' } : null;
const embedOf = (kind: EmbedKind, id: number) => ({
  path: embedPath(kind, id),
  width: EMBED_WIDTH,
  height: EMBED_HEIGHT,
});

export function trackPlayerCard(track: TrackJson): PlayerCard {
  return {
    pagePath: `/tracks/${track.id}`,
    title: `${track.title} by ${track.artist.name}`,
    embed: embedOf('tracks', track.id),
    audio: audioOf(track),
    song: { duration: track.duration, musicianPath: `/artist/${track.artist.id}`, releaseDate: track.uploadDate },
    feed: { path: artistFeedPath(track.artist.id), title: artistFeedTitle(track.artist.name) },
  };
}

/** An artist's page plays their latest release (the artist embed follows the drops). */
export function artistPlayerCard(artist: ArtistJson, latest: TrackJson | undefined): PlayerCard {
  return {
    pagePath: `/artist/${artist.id}`,
    title: artist.name,
    embed: embedOf('artists', artist.id),
    audio: audioOf(latest),
    song: null,
    feed: { path: artistFeedPath(artist.id), title: artistFeedTitle(artist.name) },
  };
}
