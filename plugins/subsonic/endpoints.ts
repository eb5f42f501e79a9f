import type { ParameterizedContext } from 'koa';
import { mediaKey } from '../../api/http/media.ts';
import type { AppState } from '../../api/http/state.ts';
import type { Kernel } from '../../api/plugins/types.ts';
import type { Viewer } from '../catalog/viewer.ts';
import { ARTISTS_PER_PAGE, TRACKS_PER_PAGE } from '../search/rules.ts';
import { sendAudio, sendCover } from './files.ts';
import { ALBUM_LISTS, createLibrary, type AlbumList } from './library.ts';
import { album, albumDirectory, artist, audioFiles, indexed, parseId, song } from './present.ts';
import { CODE, missing, notFoundError, SubsonicError, type Payload } from './protocol.ts';
import type { SubsonicUser } from './service.ts';
import { LYRICS_EXTENSION, lyricsEndpoints } from './lyrics.ts';

// The protocol's methods. Each reads its parameters, reaches the catalog through the catalog's and
// search's services (likes and listens are the site's own, counted the same way) and this feature's
// library queries, and returns the payload; files (stream, download, cover art) are written to the
// response directly and return null.

/** A request's parameters: the query string and, for a form POST (OpenSubsonic formPost), its body. */
export class Params {
  private readonly values: Map<string, string[]>;
  constructor(...sources: Array<Record<string, unknown> | undefined>) {
    this.values = new Map();
    for (const source of sources) {
      for (const [name, value] of Object.entries(source ?? {})) {
        const list = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
        this.values.set(name, [...(this.values.get(name) ?? []), ...list]);
      }
    }
  }
  get(name: string): string | undefined {
    return this.values.get(name)?.[0];
  }
  all(name: string): string[] {
    return this.values.get(name) ?? [];
  }
  required(name: string): string {
    const value = this.get(name);
    if (value === undefined || value === '') throw missing(name);
    return value;
  }
  /** An integer parameter within [min, max], or the fallback when absent. */
  integer(name: string, fallback: number, min: number, max: number): number {
    const raw = this.get(name);
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!/^-?\d{1,15}$/.test(raw) || value < min)
      throw new SubsonicError(CODE.generic, `${name} must be a whole number from ${min}`);
    return Math.min(value, max);
  }
  flag(name: string, fallback: boolean): boolean {
    const raw = this.get(name);
    return raw === undefined ? fallback : raw === 'true' || raw === '1';
  }
}

export interface Call {
  params: Params;
  user: SubsonicUser;
  ctx: ParameterizedContext<AppState>;
}

export type Handler = (call: Call) => Promise<Payload | null>;

const MUSIC_FOLDER = { id: 1, name: 'OneTrack' };
/** The most ids one star, unstar or scrobble call may name (each is a query). */
export const MAX_IDS = 100;
/** The largest window a list or search returns at once. */
const MAX_WINDOW = 500;
/** How long a "now playing" report stands beyond its track's duration. */
const NOW_PLAYING_GRACE_MS = 60_000;
const NOW_PLAYING_MAX_MS = 60 * 60_000;

const EXTENSIONS = [
  { name: 'apiKeyAuthentication', versions: [1] },
  { name: 'formPost', versions: [1] },
];

/** Methods that answer without credentials (OpenSubsonic: apps ask before signing in). */
export const PUBLIC_METHODS = new Set(['getOpenSubsonicExtensions']);

const tooManyIds = () => new SubsonicError(CODE.generic, `At most ${MAX_IDS} ids in one call`);

const viewerOf = (user: SubsonicUser): Viewer & { id: number } => ({ id: user.id, zone: 'UTC' });

export function createEndpoints(kernel: Kernel): Record<string, Handler> {
  const { catalog, search, subsonic } = kernel.services;
  const library = createLibrary(kernel.knex, kernel.now);

  /** The track an id names (a song or its release), visible now, or the protocol's 70. */
  async function trackRow(user: SubsonicUser, value: string, kinds: Array<'al' | 'tr'>) {
    const id = parseId(value);
    const row = id && (kinds as string[]).includes(id.kind) ? await library.song(user.id, id.id) : undefined;
    if (!row) throw notFoundError(kinds[0] === 'al' ? 'Album' : 'Song');
    return row;
  }

  async function artistRow(value: string) {
    const id = parseId(value);
    const row = id?.kind === 'ar' ? await library.artist(id.id) : undefined;
    if (!row) throw notFoundError('Artist');
    return row;
  }

  /** `count` ids from `offset` of the search service's ranked results (it pages by fixed sizes). */
  async function searchIds(
    user: SubsonicUser,
    text: string,
    kind: 'tracks' | 'artists',
    offset: number,
    count: number,
  ): Promise<number[]> {
    const per = kind === 'tracks' ? TRACKS_PER_PAGE : ARTISTS_PER_PAGE;
    const ids: number[] = [];
    let page = Math.floor(offset / per) + 1;
    let skip = offset % per;
    while (ids.length < count) {
      const found = (await search.search(viewerOf(user), text, page))[kind];
      // Past the end the service shows the last page again: nothing more to take.
      if (found.page !== page || !found.items.length) break;
      ids.push(...found.items.slice(skip).map((item) => item.id));
      skip = 0;
      if (page >= found.pageCount) break;
      page += 1;
    }
    return ids.slice(0, count);
  }

  function starTargets(params: Params): { tracks: string[]; artists: string[] } {
    const tracks = [...params.all('id'), ...params.all('albumId')];
    const artists = params.all('artistId');
    if (!tracks.length && !artists.length) throw missing('id');
    if (tracks.length > MAX_IDS) throw tooManyIds();
    return { tracks, artists };
  }

  async function star({ params, user }: Call, like: boolean): Promise<Payload> {
    const { tracks, artists } = starTargets(params);
    if (artists.length)
      throw new SubsonicError(CODE.generic, 'Artists cannot be starred on OneTrack: star their releases');
    const ids: number[] = [];
    for (const value of tracks) ids.push(Number((await trackRow(user, value, ['tr', 'al'])).id));
    await kernel.cache.writing(async () => {
      for (const id of ids) await catalog.setLike(viewerOf(user), id, like);
    });
    return {};
  }

  return {
    ping: async () => ({}),
    getLicense: async () => ({ license: { valid: true } }),
    getOpenSubsonicExtensions: async () => ({
      openSubsonicExtensions: kernel.services.lyrics ? [...EXTENSIONS, LYRICS_EXTENSION] : EXTENSIONS,
    }),
    getMusicFolders: async () => ({ musicFolders: { musicFolder: [MUSIC_FOLDER] } }),
    getIndexes: async () => ({
      indexes: { lastModified: kernel.now().getTime(), ignoredArticles: '', index: indexed(await library.artists()) },
    }),
    getArtists: async () => ({ artists: { ignoredArticles: '', index: indexed(await library.artists()) } }),

    async getArtist({ params, user }) {
      const row = await artistRow(params.required('id'));
      return { artist: { ...artist(row), album: (await library.artistSongs(user.id, Number(row.id))).map(album) } };
    },

    async getMusicDirectory({ params, user }) {
      const id = params.required('id');
      if (parseId(id)?.kind === 'ar') {
        const row = await artistRow(id);
        return {
          directory: {
            id,
            name: row.name,
            child: (await library.artistSongs(user.id, Number(row.id))).map(albumDirectory),
          },
        };
      }
      const row = await trackRow(user, id, ['al']);
      const dir = albumDirectory(row);
      return { directory: { id, parent: dir.parent, name: dir.title, child: [song(row)] } };
    },

    async getAlbum({ params, user }) {
      const row = await trackRow(user, params.required('id'), ['al']);
      return { album: { ...album(row), song: [song(row)] } };
    },

    async getSong({ params, user }) {
      return { song: song(await trackRow(user, params.required('id'), ['tr'])) };
    },

    async getAlbumList2({ params, user }) {
      return { albumList2: { album: (await albumList(params, user)).map(album) } };
    },

    async getAlbumList({ params, user }) {
      return { albumList: { album: (await albumList(params, user)).map(albumDirectory) } };
    },

    async getRandomSongs({ params, user }) {
      return {
        randomSongs: {
          song: (await library.albumList(user.id, 'random', 0, params.integer('size', 10, 0, MAX_WINDOW))).map(song),
        },
      };
    },

    async search3({ params, user }) {
      // Apps sync the whole library with an empty query (some send "").
      const text = (params.get('query') ?? '').replace(/^"+|"+$/g, '').trim();
      const window = (kind: string) => ({
        count: params.integer(`${kind}Count`, 20, 0, MAX_WINDOW),
        offset: params.integer(`${kind}Offset`, 0, 0, Number.MAX_SAFE_INTEGER),
      });
      const [a, al, s] = [window('artist'), window('album'), window('song')];
      if (!text) {
        const everything = (w: { count: number; offset: number }) =>
          library.albumList(user.id, 'alphabeticalByArtist', w.offset, w.count);
        const [artists, albums, songs] = await Promise.all([
          a.count ? library.artists().limit(a.count).offset(a.offset) : [],
          al.count ? everything(al) : [],
          s.count ? everything(s) : [],
        ]);
        return { searchResult3: { artist: artists.map(artist), album: albums.map(album), song: songs.map(song) } };
      }
      const artistIds = a.count ? await searchIds(user, text, 'artists', a.offset, a.count) : [];
      const albumIds = al.count ? await searchIds(user, text, 'tracks', al.offset, al.count) : [];
      const songIds = s.count ? await searchIds(user, text, 'tracks', s.offset, s.count) : [];
      const artistRows = artistIds.length ? await library.artists().whereIn('a.id', artistIds) : [];
      const byId = new Map<number, Record<string, unknown>>(
        artistRows.map((row: Record<string, unknown>) => [Number(row.id), row]),
      );
      return {
        searchResult3: {
          artist: artistIds.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])).map(artist),
          album: (await library.songsByIds(user.id, albumIds)).map(album),
          song: (await library.songsByIds(user.id, songIds)).map(song),
        },
      };
    },

    async getCoverArt({ params, user, ctx }) {
      const id = params.required('id');
      const size = params.get('size') === undefined ? null : params.integer('size', 0, 1, 10_000);
      const key =
        parseId(id)?.kind === 'ar'
          ? mediaKey(String((await artistRow(id)).profileImage ?? ''))
          : mediaKey(String((await trackRow(user, id, ['al', 'tr'])).coverImage ?? ''));
      if (!key || !(await sendCover(ctx, kernel.storage, key, size))) throw notFoundError('Cover art');
      return null;
    },

    async stream({ params, user, ctx }) {
      const row = await trackRow(user, params.required('id'), ['tr']);
      const { stream, master } = audioFiles(row);
      // One AAC stream is made per track (no transcoding on request): it is the answer unless the
      // app asks for the original (format=raw, or the master's own format, e.g. flac).
      const format = (params.get('format') ?? '').toLowerCase();
      const wantsMaster = format === 'raw' || (!!format && !!master && master.toLowerCase().endsWith(`.${format}`));
      const key = wantsMaster ? master : stream;
      if (!key || !(await sendAudio(ctx, kernel.storage, key))) throw notFoundError('Audio file');
      return null;
    },

    async download({ params, user, ctx }) {
      const row = await trackRow(user, params.required('id'), ['tr', 'al']);
      const { master } = audioFiles(row);
      const name = `${row.artistName} - ${row.title}${master ? master.slice(master.lastIndexOf('.')) : ''}`;
      if (!master || !(await sendAudio(ctx, kernel.storage, master, name))) throw notFoundError('Audio file');
      return null;
    },

    star: (call) => star(call, true),
    unstar: (call) => star(call, false),

    async getStarred2({ user }) {
      const rows = await library.starred(user.id);
      return { starred2: { artist: [], album: rows.map(album), song: rows.map(song) } };
    },

    async getStarred({ user }) {
      const rows = await library.starred(user.id);
      return { starred: { artist: [], album: rows.map(albumDirectory), song: rows.map(song) } };
    },

    async scrobble({ params, user }) {
      const values = params.all('id');
      if (!values.length) throw missing('id');
      if (values.length > MAX_IDS) throw tooManyIds();
      const ids: number[] = [];
      for (const value of values) ids.push(Number((await trackRow(user, value, ['tr'])).id));
      if (!params.flag('submission', true)) {
        await subsonic.nowPlaying(user.id, ids[ids.length - 1], params.get('c') ?? '');
        return {};
      }
      // The same rules as the site's player: one counted listen per user, track and half hour, and
      // (with insights) one counted play of source "app" that the artist's dashboard shows.
      await kernel.cache.writing(async () => {
        for (const id of ids) {
          await catalog.recordListen(viewerOf(user), id);
          await kernel.services.insights?.recordScrobble(viewerOf(user), id);
        }
      });
      return {};
    },

    async getNowPlaying({ user }) {
      const at = kernel.now().getTime();
      const reports = await subsonic.playingNow(user.id, NOW_PLAYING_MAX_MS);
      const rows = await library.songsByIds(
        user.id,
        reports.map((r) => r.trackId),
      );
      const byId = new Map(rows.map((row) => [Number(row.id), row]));
      const entry = reports.flatMap((report) => {
        const row = byId.get(report.trackId);
        if (!row || report.updatedAt + Number(row.duration) * 1000 + NOW_PLAYING_GRACE_MS < at) return [];
        return [
          {
            ...song(row),
            username: report.username,
            minutesAgo: Math.floor((at - report.updatedAt) / 60_000),
            playerId: 0,
            playerName: report.player || undefined,
          },
        ];
      });
      return { nowPlaying: { entry } };
    },

    async getUser({ params, user }) {
      const username = params.required('username');
      if (username.toLowerCase() !== user.username.toLowerCase())
        throw new SubsonicError(CODE.notAuthorized, 'You can only read your own user');
      return {
        user: {
          username: user.username,
          email: user.email,
          scrobblingEnabled: true,
          adminRole: false,
          settingsRole: false,
          downloadRole: true,
          uploadRole: false,
          playlistRole: false,
          coverArtRole: false,
          commentRole: false,
          podcastRole: false,
          streamRole: true,
          jukeboxRole: false,
          shareRole: false,
          videoConversionRole: false,
          folder: [MUSIC_FOLDER.id],
        },
      };
    },

    async getArtistInfo2({ params }) {
      const row = await artistRow(params.required('id'));
      return { artistInfo2: { biography: row.bio || undefined } };
    },

    async getGenres() {
      return {
        genres: {
          genre: (await library.genres()).map((g) => ({ value: g.name, songCount: g.count, albumCount: g.count })),
        },
      };
    },

    // Apps ask for these while syncing: the library is always up to date, and OneTrack has no
    // playlists, radio stations, podcasts, bookmarks or saved play queues.
    getScanStatus: async () => ({ scanStatus: { scanning: false, count: await library.count() } }),
    getPlaylists: async () => ({ playlists: { playlist: [] } }),
    getInternetRadioStations: async () => ({ internetRadioStations: { internetRadioStation: [] } }),
    getPodcasts: async () => ({ podcasts: { channel: [] } }),
    getBookmarks: async () => ({ bookmarks: { bookmark: [] } }),
    getPlayQueue: async () => ({}),
    ...lyricsEndpoints(kernel, library),
  };

  function albumList(params: Params, user: SubsonicUser) {
    const type = params.required('type');
    if (!(ALBUM_LISTS as readonly string[]).includes(type))
      throw new SubsonicError(CODE.generic, `Unsupported list type: ${type} (supported: ${ALBUM_LISTS.join(', ')})`);
    const genre = type === 'byGenre' ? params.required('genre') : undefined;
    return library.albumList(
      user.id,
      type as AlbumList,
      params.integer('offset', 0, 0, Number.MAX_SAFE_INTEGER),
      params.integer('size', 10, 0, MAX_WINDOW),
      genre,
    );
  }
}
