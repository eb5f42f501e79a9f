import type { CatalogLens, Row } from './lens.ts';
import { LIVE_ARTIST } from './queries.ts';
import type { Viewer } from './viewer.ts';

// The sitemap's entries (pages/sitemap.xml.ts renders them).

export interface SitemapEntries {
  artists: Array<{ id: number; lastmod: string }>;
  tracks: Array<{ id: number; uploadDate: string }>;
}

export function createSitemap({ knex, lens }: CatalogLens) {
  return {
    /**
     * Everything the sitemap lists (tracks out for the viewer) with when each last changed: a track
     * when it came out, an artist when they joined or last released, as two small queries.
     */
    async sitemapEntries(viewer: Viewer): Promise<SitemapEntries> {
      const { out } = lens(viewer);
      const artists = await knex('artists as a')
        .whereRaw(LIVE_ARTIST)
        .select(
          'a.id',
          'a.created_at',
          knex.raw(
            `(select max(t.upload_date) from tracks t where t.artist_id = a.id and ${out.sql}) as last_release`,
            out.bindings,
          ),
        )
        .orderBy('a.id');
      const tracks = await knex('tracks as t')
        .select('t.id', 't.upload_date')
        .whereRaw(out.sql, out.bindings)
        .orderBy('t.id');
      const iso = (ms: unknown) => new Date(Number(ms)).toISOString();
      return {
        artists: artists.map((a: Row) => ({
          id: Number(a.id),
          lastmod: iso(Math.max(Number(a.createdAt), Number(a.lastRelease ?? 0))),
        })),
        tracks: tracks.map((t: Row) => ({ id: Number(t.id), uploadDate: iso(t.uploadDate) })),
      };
    },
  };
}
