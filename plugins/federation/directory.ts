import type { Knex } from 'knex';
import { released } from '../catalog/queries.ts';

// What the fediverse may see of OneTrack's artists and their drops: only artists whose accounts are
// neither deleted nor suspended, only tracks that are out (released, not taken down).

export interface LocalArtist {
  id: number;
  username: string;
  name: string;
  bio: string;
  profileImage: string | null;
  createdAt: number;
}

export interface LocalTrack {
  id: number;
  artistId: number;
  title: string;
  genre: string | null;
  description: string | null;
  coverImage: string | null;
  audioUrl: string;
  streamUrl: string | null;
  duration: number;
  uploadDate: number;
  metadata: string | null;
}

const ARTIST_COLUMNS = ['a.id', 'u.username', 'a.name', 'a.bio', 'a.profileImage', 'a.createdAt'];
const TRACK_COLUMNS = [
  't.id',
  't.artistId',
  't.title',
  't.genre',
  't.description',
  't.coverImage',
  't.audioUrl',
  't.streamUrl',
  't.duration',
  't.uploadDate',
  't.metadata',
];

function toArtist(row: Record<string, unknown>): LocalArtist {
  return {
    id: Number(row.id),
    username: String(row.username),
    name: String(row.name),
    bio: String(row.bio ?? ''),
    profileImage: (row.profileImage as string | null) ?? null,
    createdAt: Number(row.createdAt),
  };
}

function toTrack(row: Record<string, unknown>): LocalTrack {
  return {
    id: Number(row.id),
    artistId: Number(row.artistId),
    title: String(row.title),
    genre: (row.genre as string | null) ?? null,
    description: (row.description as string | null) ?? null,
    coverImage: (row.coverImage as string | null) ?? null,
    audioUrl: String(row.audioUrl),
    streamUrl: (row.streamUrl as string | null) ?? null,
    duration: Number(row.duration),
    uploadDate: Number(row.uploadDate),
    metadata: (row.metadata as string | null) ?? null,
  };
}

export function createDirectory(knex: Knex, now: () => number) {
  const liveArtists = () =>
    knex('artists as a')
      .join('users as u', 'u.id', 'a.userId')
      .whereNull('u.deletedAt')
      .whereNull('u.suspendedAt')
      .select(ARTIST_COLUMNS);
  const outTracks = () => {
    const out = released(now(), 0);
    return knex('tracks as t').whereRaw(out.sql, out.bindings).select(TRACK_COLUMNS);
  };
  return {
    async artist(id: number): Promise<LocalArtist | null> {
      if (!Number.isSafeInteger(id) || id < 1) return null;
      const row = await liveArtists().where('a.id', id).first();
      return row ? toArtist(row) : null;
    },

    async artistByUsername(username: string): Promise<LocalArtist | null> {
      const row = await liveArtists().whereRaw('lower(u.username) = ?', [username.toLowerCase()]).first();
      return row ? toArtist(row) : null;
    },

    async artistOfUser(userId: number): Promise<LocalArtist | null> {
      const row = await liveArtists().where('a.userId', userId).first();
      return row ? toArtist(row) : null;
    },

    /** A track that is out, or null. */
    async track(id: number): Promise<LocalTrack | null> {
      if (!Number.isSafeInteger(id) || id < 1) return null;
      const row = await outTracks().where('t.id', id).first();
      return row ? toTrack(row) : null;
    },

    /** Any track of the artist's, out or not (what a Delete names). */
    async trackIds(artistId: number): Promise<number[]> {
      const rows = await knex('tracks').where({ artistId }).select('id');
      return rows.map((r) => Number(r.id));
    },

    /** The artist's tracks that are out, newest first. */
    async tracks(artistId: number, offset: number, limit: number): Promise<LocalTrack[]> {
      const rows = await outTracks()
        .where('t.artistId', artistId)
        .orderBy([
          { column: 't.uploadDate', order: 'desc' },
          { column: 't.id', order: 'desc' },
        ])
        .offset(offset)
        .limit(limit);
      return rows.map(toTrack);
    },

    async trackCount(artistId: number): Promise<number> {
      const out = released(now(), 0);
      const row = await knex('tracks as t')
        .whereRaw(out.sql, out.bindings)
        .where('t.artistId', artistId)
        .count({ n: '*' })
        .first();
      return Number(row?.n ?? 0);
    },

    async artistCount(): Promise<number> {
      const row = await knex('artists as a')
        .join('users as u', 'u.id', 'a.userId')
        .whereNull('u.deletedAt')
        .whereNull('u.suspendedAt')
        .count({ n: '*' })
        .first();
      return Number(row?.n ?? 0);
    },
  };
}

export type Directory = ReturnType<typeof createDirectory>;
