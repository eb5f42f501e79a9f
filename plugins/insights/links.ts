import { randomBytes } from 'node:crypto';
import { forbidden, invalid, notFound } from '../../api/errors.ts';
import type { Kernel } from '../../api/plugins/types.ts';
import { anyRelease, toTrack, tracksQuery } from '../catalog/queries.ts';
import type { TrackJson } from '../catalog/types.ts';
import { dayEnd, dayOf } from './days.ts';
import { MAX_LINK_DAYS, MESSAGES } from './rules.ts';

export interface PrivateLinkJson {
  id: number;
  token: string;
  trackId: number;
  trackTitle: string;
  /** The link works until the end of this UTC day. */
  expiresOn: string;
  expiresAt: string;
  revoked: boolean;
}

/**
 * Press previews: a secret link (256 random bits) plays one of the artist's tracks before it is
 * public. Every use reads the row, so a revocation or the expiry holds at once on every node (the
 * preview page is never cached, see pages/preview.astro).
 */
export function createLinks(kernel: Kernel) {
  const { knex } = kernel;

  async function artistIdOf(userId: number): Promise<number> {
    const artist = await knex('artists').where({ userId }).first('id');
    if (!artist) throw forbidden(MESSAGES.artistsOnly);
    return artist.id;
  }

  const toJson = (row: {
    id: number;
    token: string;
    trackId: number;
    title: string;
    expiresAt: number;
    revokedAt: number | null;
  }): PrivateLinkJson => ({
    id: row.id,
    token: row.token,
    trackId: row.trackId,
    trackTitle: row.title,
    expiresOn: dayOf(row.expiresAt - 1),
    expiresAt: new Date(row.expiresAt).toISOString(),
    revoked: row.revokedAt !== null,
  });
  const rows = () => knex('private_links as l').join('tracks as t', 't.id', 'l.track_id').select('l.*', 't.title');

  return {
    artistIdOf,

    async create(userId: number, trackId: number, expiresOn: string): Promise<PrivateLinkJson> {
      const artistId = await artistIdOf(userId);
      const track = await knex('tracks').where({ id: trackId }).first('artist_id');
      if (!track || track.artistId !== artistId) throw forbidden(MESSAGES.linkTrack);
      const now = kernel.now().getTime();
      const expiresAt = dayEnd(expiresOn);
      if (
        Number.isNaN(expiresAt) ||
        dayOf(expiresAt - 1) !== expiresOn ||
        expiresAt <= now ||
        expiresAt > now + (MAX_LINK_DAYS + 1) * 86_400_000
      ) {
        throw invalid(MESSAGES.linkExpiry);
      }
      const [id] = await knex('private_links').insert({
        token: randomBytes(32).toString('base64url'),
        trackId,
        artistId,
        expiresAt,
        createdAt: now,
      });
      return toJson(await rows().where('l.id', id).first());
    },

    async list(userId: number): Promise<PrivateLinkJson[]> {
      const artistId = await artistIdOf(userId);
      return (await rows().where('l.artist_id', artistId).orderBy('l.id', 'desc')).map(toJson);
    },

    async revoke(userId: number, id: number): Promise<PrivateLinkJson> {
      const artistId = await artistIdOf(userId);
      await knex('private_links')
        .where({ id, artistId })
        .whereNull('revokedAt')
        .update({ revokedAt: kernel.now().getTime() });
      const row = await rows().where({ 'l.id': id, 'l.artist_id': artistId }).first();
      if (!row) throw notFound(MESSAGES.linkNotFound);
      return toJson(row);
    },

    /** The track a live link opens; 404 for an unknown, revoked or expired one alike. */
    async resolve(token: string): Promise<{ trackId: number; artistId: number }> {
      const row = await knex('private_links')
        .where({ token })
        .whereNull('revokedAt')
        .where('expiresAt', '>', kernel.now().getTime())
        .first('track_id', 'artist_id');
      if (!row) throw notFound(MESSAGES.linkGone);
      return row;
    },

    /** The preview page's track (released or not), or null when the link is not live. */
    async preview(token: string): Promise<{ track: TrackJson; expiresOn: string } | null> {
      const link = await knex('private_links')
        .where({ token })
        .whereNull('revokedAt')
        .where('expiresAt', '>', kernel.now().getTime())
        .first('track_id', 'expires_at');
      if (!link) return null;
      // Catalog's track query with no release cut-off: the link is what lets the track be heard early.
      const row = await tracksQuery(knex, anyRelease(), null).where('t.id', link.trackId).first();
      if (!row) return null;
      // The holder hears the processed stream, never the uploaded master (issue 44 point 10: it played the WAV).
      const track = toTrack(row);
      const heard = {
        ...track,
        audioUrl: row.streamUrl ?? track.audioUrl,
        playback: { ...track.playback, losslessUrl: null },
      };
      return { track: heard, expiresOn: dayOf(link.expiresAt - 1) };
    },
  };
}
