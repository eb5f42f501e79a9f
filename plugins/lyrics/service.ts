import type { Knex } from 'knex';
import { forbidden, invalid, notFound } from '../../api/errors.ts';
import * as m from '../../lib/i18n/messages.ts';
import type { Kernel } from '../../api/plugins/types.ts';
import type { Viewer } from '../catalog/viewer.ts';
import { parseLyrics, type LyricLine } from './parse.ts';
import { LANGUAGE_CODES, MESSAGES } from './rules.ts';

// Lyrics per track and language. The artist writes them (in the upload wizard, then on
// /tracks/:id/lyrics); everyone else reads them only of a track the catalog shows them (released,
// not taken down, its artist neither suspended nor deleted), so lyrics go and come back with it.

export interface Lyrics {
  language: string;
  /** ISO 639-2 (`und` for Other): what apps are told. */
  code: string;
  synced: boolean;
  offset: number;
  lines: LyricLine[];
}

/** What a read of one track's lyrics depends on: its writes announce it. */
export const lyricsTag = (trackId: number) => `lyrics:${trackId}`;

interface Row {
  language: string;
  text: string;
}

const present = (row: Row): Lyrics => {
  const { synced, offset, lines } = parseLyrics(row.text);
  return {
    language: row.language,
    code: LANGUAGE_CODES[row.language as keyof typeof LANGUAGE_CODES] ?? 'und',
    synced,
    offset,
    lines,
  };
};

export function createLyricsService(kernel: Kernel) {
  const { knex } = kernel;
  const { catalog, accounts } = kernel.services;

  /** The caller's own track (any state: a scheduled one too), with what the editor checks against. */
  async function ownTrack(userId: number, trackId: number) {
    const track = await knex('tracks')
      .where({ id: trackId })
      .first('id', 'artistId', 'duration', 'lyricsLanguage', 'title', 'audioUrl');
    if (!track) throw notFound(MESSAGES.trackNotFound);
    const artist = await accounts.artistOfUser(userId);
    if (artist?.id !== Number(track.artistId)) throw forbidden(MESSAGES.notYours);
    return {
      id: Number(track.id),
      title: String(track.title),
      duration: Number(track.duration),
      lyricsLanguage: (track.lyricsLanguage as string | null) ?? null,
      audioUrl: String(track.audioUrl),
    };
  }

  /** The stored rows of a track, the track's own lyrics language first. */
  async function rowsOf(trackId: number): Promise<Row[]> {
    kernel.cache.dependsOn([lyricsTag(trackId)]);
    const rows: Row[] = await knex('track_lyrics as l')
      .join('tracks as t', 't.id', 'l.track_id')
      .where('l.track_id', trackId)
      .orderByRaw('case when l.language = t.lyrics_language then 0 else 1 end')
      .orderBy('l.language')
      .select('l.language', 'l.text');
    return rows;
  }

  return {
    ownTrack,

    /** Lyrics of a track the viewer may see (404 or 410 as the catalog answers otherwise). */
    async ofVisibleTrack(trackId: number, viewer: Viewer): Promise<Lyrics[]> {
      await catalog.track(trackId, viewer);
      return (await rowsOf(trackId)).map(present);
    },

    /**
     * Lyrics of a track the page already showed the viewer (the track page renders its slots only
     * for a track out for them, or its artist's preview).
     */
    async ofShownTrack(trackId: number): Promise<Lyrics[]> {
      return (await rowsOf(trackId)).map(present);
    },

    /** The editor's texts of the artist's track, by language. */
    async sources(userId: number, trackId: number) {
      const track = await ownTrack(userId, trackId);
      return { track, texts: await rowsOf(trackId) };
    },

    /** Saves one language's lyrics, refused with the first line's error when the parser finds any. */
    async save(userId: number, trackId: number, input: { language: string; text: string }): Promise<Lyrics> {
      const track = await ownTrack(userId, trackId);
      const parsed = parseLyrics(input.text, track.duration);
      if (parsed.errors.length) {
        const [first] = parsed.errors;
        // The parser wrote `message` in the reader's language (this request's).
        throw invalid(() => m.lyrics_line_error({ line: first.line, message: first.message }));
      }
      if (!parsed.lines.length) throw invalid('Please paste or upload the lyrics');
      const row = { text: input.text, synced: parsed.synced, updatedAt: kernel.now().getTime() };
      const existing = await knex('track_lyrics').where({ trackId, language: input.language }).first('text');
      if (existing?.text === input.text) await kernel.cache.changed([]);
      else {
        // One row per language even when two saves cross: the later one's text wins.
        await knex('track_lyrics')
          .insert({ trackId, language: input.language, ...row })
          .onConflict(['trackId', 'language'])
          .merge(row);
        await kernel.cache.changed([lyricsTag(trackId)]);
      }
      return present({ language: input.language, text: input.text });
    },

    async remove(userId: number, trackId: number, language: string): Promise<void> {
      await ownTrack(userId, trackId);
      const removed = await knex('track_lyrics').where({ trackId, language }).delete();
      if (!removed) throw notFound(MESSAGES.none);
      await kernel.cache.changed([lyricsTag(trackId)]);
    },

    /** The lyrics of the person's tracks, as they wrote them ("Your data"). */
    async exportOf(userId: number) {
      const rows = await knex('track_lyrics as l')
        .join('tracks as t', 't.id', 'l.track_id')
        .join('artists as a', 'a.id', 't.artist_id')
        .where('a.user_id', userId)
        .orderBy(['l.track_id', 'l.language'])
        .select('t.id as trackId', 't.title', 'l.language', 'l.text', 'l.updated_at');
      return rows.map(({ updatedAt, ...row }) => ({ ...row, updatedAt: new Date(Number(updatedAt)).toISOString() }));
    },

    /** A deleted artist's tracks stay (answering 410); their words go. */
    async forget(userId: number, trx: Knex.Transaction): Promise<void> {
      await trx('track_lyrics')
        .whereIn(
          'trackId',
          trx('tracks as t').join('artists as a', 'a.id', 't.artist_id').where('a.user_id', userId).select('t.id'),
        )
        .delete();
    },
  };
}

export type LyricsService = ReturnType<typeof createLyricsService>;

declare module '../../api/plugins/types.ts' {
  interface Services {
    lyrics: LyricsService;
  }
}
