import type { Knex } from 'knex';
import { isMysql } from '../../api/db/connection.ts';
import { released, tracksQuery } from '../catalog/queries.ts';

// The catalog as Subsonic apps see it: an artist's "albums" are their releases, each one track (a
// OneTrack release is a single), so an album and its song share the track's id. Lists are single
// queries over the catalog's own track query (what is out, likes), plus this user's like time and
// the counted listens. Apps send no time zone: they see what is out in UTC.

type Row = Record<string, unknown>;

/** Every list type of getAlbumList2 served here. */
export const ALBUM_LISTS = [
  'newest',
  'recent',
  'frequent',
  'random',
  'starred',
  'alphabeticalByName',
  'alphabeticalByArtist',
  'byGenre',
] as const;
export type AlbumList = (typeof ALBUM_LISTS)[number];

export function createLibrary(knex: Knex, now: () => Date) {
  const out = () => released(now().getTime(), 0);

  /** Tracks out now, with the user's like time (starred) and the counted listens (playCount). */
  function songs(userId: number): Knex.QueryBuilder {
    return tracksQuery(knex, out(), userId).select(
      knex.raw('(select l.created_at from likes l where l.track_id = t.id and l.user_id = ?) as starred_at', [userId]),
      knex.raw('(select count(*) from listens li where li.track_id = t.id) as play_count'),
    );
  }

  /** Artists with at least one track out, with how many (their albums). */
  function artists(): Knex.QueryBuilder {
    const o = out();
    return knex('artists as a')
      .select(
        'a.id',
        'a.name',
        'a.bio',
        'a.profile_image',
        knex.raw(`(select count(*) from tracks t where t.artist_id = a.id and ${o.sql}) as album_count`, o.bindings),
      )
      .whereRaw(`exists (select 1 from tracks t where t.artist_id = a.id and ${o.sql})`, o.bindings)
      .orderByRaw('lower(a.name) asc, a.id asc');
  }

  const newest = [
    { column: 't.upload_date', order: 'desc' as const },
    { column: 't.id', order: 'desc' as const },
  ];

  return {
    songs,
    artists,

    async song(userId: number, id: number): Promise<Row | undefined> {
      return songs(userId).where('t.id', id).first();
    },

    /** The newest track out by that artist with that title (names compared without case), for getLyrics. */
    async songByName(userId: number, artist: string, title: string): Promise<Row | undefined> {
      return songs(userId)
        .whereRaw('lower(a.name) = lower(?)', [artist])
        .whereRaw('lower(t.title) = lower(?)', [title])
        .orderBy(newest)
        .first();
    },

    async artist(id: number): Promise<Row | undefined> {
      return artists().where('a.id', id).first();
    },

    async artistSongs(userId: number, artistId: number): Promise<Row[]> {
      return songs(userId).where('t.artist_id', artistId).orderBy(newest);
    },

    async songsByIds(userId: number, ids: number[]): Promise<Row[]> {
      const rows: Row[] = ids.length ? await songs(userId).whereIn('t.id', ids) : [];
      const byId = new Map<number, Row>(rows.map((row) => [Number(row.id), row]));
      return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
    },

    /** One window of a getAlbumList2 list (albums are tracks). */
    async albumList(userId: number, type: AlbumList, offset: number, size: number, genre?: string): Promise<Row[]> {
      const query = songs(userId).limit(size).offset(offset);
      switch (type) {
        case 'newest':
          return query.orderBy(newest);
        case 'recent':
          return query
            .select(
              knex.raw(
                '(select max(li.listened_at) from listens li where li.track_id = t.id and ' +
                  'li.user_id = ?) as last_played',
                [userId],
              ),
            )
            .whereExists(knex('listens as li').whereRaw('li.track_id = t.id and li.user_id = ?', [userId]))
            .orderBy([{ column: 'last_played', order: 'desc' }, ...newest]);
        case 'frequent':
          return query
            .whereExists(knex('listens as li').whereRaw('li.track_id = t.id'))
            .orderBy([{ column: 'play_count', order: 'desc' }, ...newest]);
        case 'random':
          return query.orderByRaw(isMysql(knex) ? 'rand()' : 'random()');
        case 'starred':
          return query
            .whereExists(knex('likes as l').whereRaw('l.track_id = t.id and l.user_id = ?', [userId]))
            .orderBy([{ column: 'starred_at', order: 'desc' }, ...newest]);
        case 'alphabeticalByName':
          return query.orderByRaw('lower(t.title) asc, t.id asc');
        case 'alphabeticalByArtist':
          return query.orderByRaw('lower(a.name) asc, lower(t.title) asc, t.id asc');
        case 'byGenre':
          return query.whereRaw('lower(t.genre) = ?', [(genre ?? '').toLowerCase()]).orderBy(newest);
      }
    },

    /** The user's liked tracks, latest like first (getStarred2). */
    async starred(userId: number): Promise<Row[]> {
      return this.albumList(userId, 'starred', 0, 10_000);
    },

    /** The genres of the tracks out, with how many (every release is one song and one album). */
    async genres(): Promise<Array<{ name: string; count: number }>> {
      const o = out();
      const rows = await knex('tracks as t')
        .whereRaw(o.sql, o.bindings)
        .whereNotNull('t.genre')
        .groupBy('t.genre')
        .select('t.genre', knex.raw('count(*) as n'))
        .orderBy('t.genre');
      return rows.map((row: Row) => ({ name: String(row.genre), count: Number(row.n) }));
    },

    /** How many tracks are out (getScanStatus's count). */
    async count(): Promise<number> {
      const o = out();
      const [{ n }] = await knex('tracks as t').whereRaw(o.sql, o.bindings).count({ n: '*' });
      return Number(n);
    },
  };
}

export type Library = ReturnType<typeof createLibrary>;
