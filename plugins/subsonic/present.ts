import path from 'node:path';
import { mediaKey, mediaType } from '../../api/http/media.ts';
import { toTrack } from '../catalog/queries.ts';
import { STREAM_BITRATE } from '../releases/jobs.ts';
import type { Payload } from './protocol.ts';

// Catalog rows as the protocol's objects (Child, AlbumID3, ArtistID3), with OpenSubsonic's
// additions. Ids carry their kind: "ar-3" an artist, "al-12" a release (album), "tr-12" its track.

type Row = Record<string, unknown>;

export const artistId = (id: unknown) => `ar-${Number(id)}`;
export const albumId = (id: unknown) => `al-${Number(id)}`;
export const songId = (id: unknown) => `tr-${Number(id)}`;

/** The kind and number of an id this API gave out, or null. */
export function parseId(value: string | undefined): { kind: 'ar' | 'al' | 'tr'; id: number } | null {
  const match = /^(ar|al|tr)-(\d{1,15})$/.exec(value ?? '');
  if (!match) return null;
  const id = Number(match[2]);
  return Number.isSafeInteger(id) && id > 0 ? { kind: match[1] as 'ar' | 'al' | 'tr', id } : null;
}

/** The AAC stream's bit rate in kbit/s, as the protocol counts it. */
const STREAM_KBPS = parseInt(STREAM_BITRATE, 10);
/** ReplayGain's reference loudness: the gain brings a track to -18 LUFS. */
const REPLAYGAIN_REFERENCE_LUFS = -18;

const iso = (ms: unknown) => (ms == null ? undefined : new Date(Number(ms)).toISOString());
const numberOr = (value: unknown) => (value == null || !Number.isFinite(Number(value)) ? undefined : Number(value));

/** The stored file a song plays by default (what the site's player plays) and its master. */
export function audioFiles(row: Row): { stream: string | null; master: string | null } {
  const audio = mediaKey(String(row.audioUrl ?? ''));
  return { stream: audio, master: mediaKey(String(row.masterUrl ?? '')) ?? audio };
}

/** The cover id when the release has a stored cover (the placeholder is not art). */
const coverOf = (row: Row) => (mediaKey(String(row.coverImage ?? '')) ? albumId(row.id) : undefined);

function year(row: Row): number {
  return numberOr(row.recordingYear) ?? new Date(Number(row.uploadDate)).getUTCFullYear();
}

function bitRate(row: Row, key: string | null): number | undefined {
  if (row.streamUrl && row.streamUrl === row.audioUrl) return STREAM_KBPS;
  const [rate, depth, channels] = [numberOr(row.sampleRate), numberOr(row.bitDepth), numberOr(row.channels)];
  return key && /\.(wav|flac)$/i.test(key) && rate && depth && channels
    ? Math.round((rate * depth * channels) / 1000)
    : undefined;
}

export function song(row: Row): Payload {
  const track = toTrack(row);
  const key = audioFiles(row).stream;
  const suffix = key ? path.extname(key).slice(1).toLowerCase() : undefined;
  const lufs = numberOr(row.loudnessLufs);
  const peak = numberOr(row.truePeak);
  return {
    id: songId(track.id),
    parent: albumId(track.id),
    isDir: false,
    title: track.title,
    album: track.title,
    artist: track.artist.name,
    track: 1,
    discNumber: 1,
    year: year(row),
    genre: row.genre ?? undefined,
    coverArt: coverOf(row),
    contentType: key ? mediaType(key) : undefined,
    suffix,
    duration: Math.round(track.duration),
    bitRate: bitRate(row, key),
    path: `${track.artist.name}/${track.title}.${suffix ?? 'audio'}`,
    playCount: Number(row.playCount ?? 0),
    created: track.uploadDate,
    starred: iso(row.starredAt),
    albumId: albumId(track.id),
    artistId: artistId(track.artistId),
    type: 'music',
    isVideo: false,
    // OpenSubsonic
    mediaType: 'song',
    bpm: numberOr(row.bpm) === undefined ? undefined : Math.round(Number(row.bpm)),
    genres: row.genre ? [{ name: row.genre }] : [],
    isrc: row.isrc ? [row.isrc] : [],
    replayGain:
      lufs === undefined
        ? undefined
        : {
            trackGain: Math.round((REPLAYGAIN_REFERENCE_LUFS - lufs) * 100) / 100,
            trackPeak: peak === undefined ? undefined : Math.round(10 ** (peak / 20) * 10_000) / 10_000,
          },
  };
}

/** A release as AlbumID3 (getAlbum adds its song). */
export function album(row: Row): Payload {
  const track = toTrack(row);
  return {
    id: albumId(track.id),
    name: track.title,
    artist: track.artist.name,
    artistId: artistId(track.artistId),
    coverArt: coverOf(row),
    songCount: 1,
    duration: Math.round(track.duration),
    playCount: Number(row.playCount ?? 0),
    created: track.uploadDate,
    starred: iso(row.starredAt),
    year: year(row),
    genre: row.genre ?? undefined,
    // OpenSubsonic
    genres: row.genre ? [{ name: row.genre }] : [],
    releaseTypes: ['Single'],
    isCompilation: false,
  };
}

/** A release as a directory Child (getAlbumList, getMusicDirectory of an artist). */
export function albumDirectory(row: Row): Payload {
  const a = album(row);
  return {
    id: a.id,
    parent: a.artistId,
    isDir: true,
    title: a.name,
    album: a.name,
    artist: a.artist,
    year: a.year,
    genre: a.genre,
    coverArt: a.coverArt,
    created: a.created,
    starred: a.starred,
    playCount: a.playCount,
  };
}

export function artist(row: Row): Payload {
  return {
    id: artistId(row.id),
    name: String(row.name),
    coverArt: mediaKey(String(row.profileImage ?? '')) ? artistId(row.id) : undefined,
    albumCount: Number(row.albumCount ?? 0),
  };
}

/** Artists under their initial letter ("#" for the rest), as getArtists and getIndexes list them. */
export function indexed(rows: Row[]): Payload[] {
  const groups = new Map<string, Payload[]>();
  for (const row of rows) {
    const first = String(row.name).trim().charAt(0).toUpperCase();
    const letter = /[A-Z]/.test(first) ? first : '#';
    if (!groups.has(letter)) groups.set(letter, []);
    groups.get(letter)!.push(artist(row));
  }
  return [...groups]
    .sort(([x], [y]) => (x === '#' ? 1 : y === '#' ? -1 : x.localeCompare(y)))
    .map(([name, list]) => ({ name, artist: list }));
}
