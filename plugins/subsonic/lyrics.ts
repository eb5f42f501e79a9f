import type { Kernel, Services } from '../../api/plugins/types.ts';
import type { Call, Handler } from './endpoints.ts';
import type { createLibrary } from './library.ts';
import { parseId } from './present.ts';
import { notFoundError } from './protocol.ts';

// OpenSubsonic `songLyrics` (getLyricsBySongId: every language, synced lines in milliseconds, with
// the LRC offset) and Subsonic's plain getLyrics by artist and title, served when the lyrics plugin
// is enabled (an optional dependency): without it neither method nor the extension exists.

/** One language's lyrics as the lyrics plugin's service reads them (its type, reached through Services). */
type Lyrics = Awaited<ReturnType<Services['lyrics']['ofShownTrack']>>[number];

export const LYRICS_EXTENSION = { name: 'songLyrics', versions: [1] };

const structured = (lyrics: Lyrics, artist: string, title: string) => ({
  displayArtist: artist,
  displayTitle: title,
  lang: lyrics.code,
  synced: lyrics.synced,
  offset: lyrics.offset,
  line: lyrics.lines
    .filter((line) => lyrics.synced || line.text)
    .map((line) => (line.start === null ? { value: line.text } : { start: line.start, value: line.text })),
});

export function lyricsEndpoints(kernel: Kernel, library: ReturnType<typeof createLibrary>): Record<string, Handler> {
  const lyrics = kernel.services.lyrics;
  if (!lyrics) return {};
  return {
    async getLyricsBySongId({ params, user }: Call) {
      const id = parseId(params.required('id'));
      const row = id?.kind === 'tr' ? await library.song(user.id, id.id) : undefined;
      if (!row) throw notFoundError('Song');
      const all = await lyrics.ofShownTrack(Number(row.id));
      return {
        lyricsList: { structuredLyrics: all.map((l) => structured(l, String(row.artistName), String(row.title))) },
      };
    },

    // Subsonic's older method: the first language's words as one text, empty when nothing matches.
    async getLyrics({ params, user }: Call) {
      const artist = params.get('artist') ?? '';
      const title = params.get('title') ?? '';
      const row = artist && title ? await library.songByName(user.id, artist, title) : undefined;
      const [first] = row ? await lyrics.ofShownTrack(Number(row.id)) : [];
      if (!row || !first) return { lyrics: {} };
      return {
        lyrics: {
          artist: String(row.artistName),
          title: String(row.title),
          value: first.lines.map((line) => line.text).join('\n'),
        },
      };
    },
  };
}
