import { perLocale } from '../../lib/i18n/format.ts';
import type { PlayerTrack } from '../../lib/playerTrack.ts';
import type { TrackJson } from './types.ts';

// Small presentation helpers shared by the catalog's pages and components.

/** What a play button hands to the player, as the data-play-track attribute. */
export function playData(track: TrackJson, options: { preview?: boolean } = {}): string {
  const data: PlayerTrack = {
    id: track.id,
    title: track.title,
    audioUrl: track.audioUrl,
    coverImage: track.coverImage,
    duration: track.duration,
    artist: { id: track.artist.id, name: track.artist.name },
    loudness: { lufs: track.playback.lufs, truePeak: track.playback.truePeak },
    losslessUrl: track.playback.losslessUrl,
    ...(options.preview ? { preview: true } : {}),
  };
  return JSON.stringify(data);
}

// Made once per language: toLocaleString builds a formatter per call, and lists format a figure per card.
// English keeps the spec's "Jan 5, 2025" (en-US).
const COUNT = perLocale((locale) => new Intl.NumberFormat(locale === 'en' ? 'en-US' : locale));
const DATE = perLocale(
  (locale) =>
    new Intl.DateTimeFormat(locale === 'en' ? 'en-US' : locale, {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    }),
);

export function formatCount(n: number): string {
  return COUNT().format(n);
}

/** Spec §9 date display: Jan 5, 2025. */
export function formatDate(iso: string): string {
  return DATE().format(new Date(iso));
}

/** JSON-LD inside <script>: no "</" may close the element early. */
export function jsonLd(value: object): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
