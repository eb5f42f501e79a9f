import { mediaType } from '../../api/http/media.ts';
import { formatDuration } from '../../lib/time.ts';
import type { ArtistJson, TrackJson } from '../catalog/types.ts';
import { atomFeed, type AtomEntry } from './atom.ts';
import { artistFeedPath, artistFeedTitle, SITE_FEED_PATH, SITE_FEED_TITLE } from './links.ts';
import { FEED_LANDING, PROVIDER_NAME } from './rules.ts';

// The Atom feeds of drops: one per artist (/artist/{id}/feed.xml) and one of every artist's
// (/feed.xml), newest first, from the tracks out for the reader (catalog's visibility rules).

export const ATOM_TYPE = 'application/atom+xml; charset=utf-8';

function trackEntry(track: TrackJson, origin: string): AtomEntry {
  const absolute = (path: string) => new URL(path, origin).href;
  const kind = track.isMonthlyDrop ? 'Monthly drop' : 'Release';
  return {
    id: absolute(`/tracks/${track.id}`),
    title: `${track.title} by ${track.artist.name}`,
    published: track.uploadDate,
    // A release's page and audio never change after it is out: its moment is its last change.
    updated: track.uploadDate,
    author: { name: track.artist.name, uri: absolute(`/artist/${track.artist.id}`) },
    // The page a reader opens carries where they came from (the entry's id stays the plain page).
    link: absolute(`/tracks/${track.id}?${FEED_LANDING}`),
    enclosure: { href: absolute(track.audioUrl), type: mediaType(track.audioUrl) ?? 'audio/mpeg' },
    summary: `${kind} from ${track.artist.name} (${formatDuration(track.duration)}).`,
    category: track.isMonthlyDrop ? 'monthly-drop' : undefined,
  };
}

/** The newest entry's moment (tracks come newest first), or the given one for a feed without entries. */
const updatedOf = (tracks: TrackJson[], otherwise: string) => tracks[0]?.uploadDate ?? otherwise;

export function artistFeed(artist: ArtistJson, tracks: TrackJson[], origin: string): string {
  const absolute = (path: string) => new URL(path, origin).href;
  return atomFeed({
    id: absolute(artistFeedPath(artist.id)),
    title: artistFeedTitle(artist.name),
    subtitle: `Every release of ${artist.name}, one official track a month.`,
    updated: updatedOf(tracks, artist.createdAt),
    self: absolute(artistFeedPath(artist.id)),
    alternate: absolute(`/artist/${artist.id}`),
    author: { name: artist.name, uri: absolute(`/artist/${artist.id}`) },
    icon: absolute('/favicon.svg'),
    entries: tracks.map((t) => trackEntry(t, origin)),
  });
}

export function siteFeed(tracks: TrackJson[], origin: string, now: Date): string {
  const absolute = (path: string) => new URL(path, origin).href;
  return atomFeed({
    id: absolute(SITE_FEED_PATH),
    title: SITE_FEED_TITLE,
    subtitle: 'The newest drops of every artist on OneTrack.',
    updated: updatedOf(tracks, now.toISOString()),
    self: absolute(SITE_FEED_PATH),
    alternate: absolute('/discover'),
    author: { name: PROVIDER_NAME, uri: absolute('/') },
    icon: absolute('/favicon.svg'),
    entries: tracks.map((t) => trackEntry(t, origin)),
  });
}
