import type { Federation } from '@fedify/fedify';
import type { Knex } from 'knex';
import { invalid, notFound, tryAgainIn } from '../../api/errors.ts';
import { userTag } from '../../api/cache/tags.ts';
import type { Kernel } from '../../api/plugins/types.ts';
import { createDirectory } from './directory.ts';
import { buildFederation, contextOf } from './federation.ts';
import { createFollowers, toRecipient, type SerializedRecipient } from './followers.ts';
import { KnexKvStore } from './kv.ts';
import { followScreen, parseHandle } from './lookup.ts';
import { createOf, deleteActorOf, deleteTrackOf, personOf, updateActorOf, updateOf } from './objects.ts';
import { DELIVER_JOB } from './queue.ts';
import { DOMAIN_PATTERN, LOOKUPS_PER_MINUTE, MESSAGES, RECENT_FOLLOWERS } from './rules.ts';
import type { FederationSettings } from './settings.ts';

// What the fediverse hears of OneTrack, and when: a drop's Create at its public moment (releases'
// `releases.public` job), Deletes of its Notes when moderation withholds it (a Create again when
// restored), an actor Update when a profile changes, an actor Delete when the account is deleted.
// Every send fans out through kernel.jobs (queue.ts), one delivery per follower inbox or shared inbox.

export const ANNOUNCE_JOB = 'federation.announce';

/** Work that was decided inside another feature's transaction, sent by a job once it committed. */
export type Announcement =
  | { kind: 'withhold'; artistId: number; trackIds: number[]; at: number }
  | { kind: 'restore'; artistId: number; trackIds: number[]; at: number }
  | { kind: 'farewell'; artistId: number; recipients: SerializedRecipient[]; at: number };

const BLOCKS = 'federation_blocked_domains';

export function createFederationService(kernel: Kernel, settings: FederationSettings) {
  const { knex } = kernel;
  const now = () => kernel.now().getTime();
  const directory = createDirectory(knex, now);
  const userTagOf = async (artistId: number) => {
    const row = await knex('artists').where({ id: artistId }).first('userId');
    return row ? [userTag(Number(row.userId))] : [];
  };
  const followers = createFollowers(knex, now, async (artistId) => {
    await kernel.cache.invalidate(await userTagOf(artistId));
  });
  const kv = new KnexKvStore(knex, now);
  const lookups = kernel.limits.create('fediverse-lookup', { points: LOOKUPS_PER_MINUTE, windowMs: 60_000 });
  // A host with a port is blocked by its name with that port, or by its name alone.
  const isBlocked = async (host: string) => {
    const name = host.toLowerCase();
    return Boolean(
      await knex(BLOCKS)
        .whereIn('domain', [name, name.replace(/:\d+$/, '')])
        .first('domain'),
    );
  };
  const headerOf = async (artistId: number) => (await directory.tracks(artistId, 0, 1))[0]?.coverImage ?? null;
  // Built on first use: a test server learns its PUBLIC_URL (its port) only once it listens.
  let built: Federation<void> | null = null;
  const fed = () => (built ??= buildFederation({ kernel, settings, directory, followers, kv, isBlocked, headerOf }));
  const context = () => contextOf(fed(), kernel.config.publicUrl);

  async function send(
    artistId: number,
    activity: Parameters<ReturnType<typeof context>['sendActivity']>[2],
    recipients?: SerializedRecipient[],
  ): Promise<void> {
    const list = recipients ?? (await followers.recipients(artistId));
    if (!list.length) return;
    await context().sendActivity({ identifier: String(artistId) }, list.map(toRecipient), activity, {
      preferSharedInbox: true,
    });
  }

  async function sendCreates(artistId: number, trackIds: number[], round: number): Promise<void> {
    const artist = await directory.artist(artistId);
    if (!artist) return;
    for (const trackId of trackIds) {
      const track = await directory.track(trackId);
      if (track?.artistId === artistId) await send(artistId, createOf(context(), artist, track, round));
    }
  }

  const service = {
    get federation(): Federation<void> {
      return fed();
    },
    settings,
    kv,

    /** `@username@host` of an artist on the fediverse (the host of PUBLIC_URL), or null. */
    async handleOf(artistId: number): Promise<string | null> {
      const artist = await directory.artist(artistId);
      return artist ? `@${artist.username}@${new URL(kernel.config.publicUrl).host}` : null;
    },

    /** The artist's fediverse followers: how many, and the newest handles (the dashboard). */
    async followerSummary(userId: number) {
      const artist = await directory.artistOfUser(userId);
      if (!artist) return null;
      return {
        handle: `@${artist.username}@${new URL(kernel.config.publicUrl).host}`,
        count: await followers.count(artist.id),
        recent: await followers.recent(artist.id, RECENT_FOLLOWERS),
      };
    },

    /**
     * The artist's part of "Your data": every fediverse follower's handle and when they followed
     * (a suspended artist's too: their followers are kept while the actor answers 404).
     */
    async exportOf(userId: number) {
      const artist = await knex('artists as a')
        .join('users as u', 'u.id', 'a.userId')
        .where('a.userId', userId)
        .first('a.id', 'u.username');
      if (!artist) return null;
      const all = await followers.recent(Number(artist.id));
      return {
        handle: `@${artist.username}@${new URL(kernel.config.publicUrl).host}`,
        followers: all.map((f) => ({ handle: f.handle, followedAt: new Date(f.since).toISOString() })),
      };
    },

    /**
     * Where a visitor's server lets them follow this artist, or why not (a result, not a throw: the
     * page that asks is bundled apart from this module's error classes).
     */
    async followLink(
      artistId: number,
      rawHandle: string,
      clientKey: string,
    ): Promise<{ url: string } | { refused: 'invalid' | 'not_found' | 'too_many'; message: string }> {
      const handle = parseHandle(rawHandle);
      if (!handle) return { refused: 'invalid', message: MESSAGES.badHandle };
      const artist = await directory.artist(artistId);
      if (!artist) return { refused: 'not_found', message: MESSAGES.noArtist };
      if (await isBlocked(handle.host)) return { refused: 'invalid', message: MESSAGES.blocked };
      const wait = await lookups.take(clientKey);
      if (wait) return { refused: 'too_many', message: `${MESSAGES.tooMany} ${tryAgainIn(wait)}` };
      const result = await followScreen(
        handle,
        context().getActorUri(String(artist.id)).href,
        settings.allowPrivatePeers,
      );
      if ('url' in result) return result;
      return {
        refused: 'invalid',
        message: result.error === 'no-subscribe' ? MESSAGES.noSubscribe : MESSAGES.handleNotFound,
      };
    },

    /** releases.onPublic: the drop goes out to the artist's followers (once per inbox, even if run again). */
    async released(trackId: number, artistId: number): Promise<void> {
      await sendCreates(artistId, [trackId], 0);
    },

    /** accounts.onProfileChanged: followers' servers refresh the artist's name, bio and picture. */
    async profileChanged(userId: number): Promise<void> {
      const artist = await directory.artistOfUser(userId);
      if (!artist) return;
      const at = now();
      await send(artist.id, updateActorOf(context(), await personOf(context(), artist, await headerOf(artist.id)), at));
    },

    /** releases.onEdited: a release's fields changed after it went out, so an Update of its Note. */
    async trackEdited(trackId: number): Promise<void> {
      const track = await directory.track(trackId);
      const artist = track && (await directory.artist(track.artistId));
      if (track && artist) await send(artist.id, updateOf(context(), artist, track, now()));
    },

    /** Decided in a moderation or deletion transaction: a job sends it once that transaction committed. */
    async announceLater(trx: Knex.Transaction, announcement: Announcement): Promise<void> {
      await kernel.jobs.enqueue(trx, ANNOUNCE_JOB, announcement);
    },

    async announce(announcement: Announcement): Promise<void> {
      const ctx = context();
      if (announcement.kind === 'withhold') {
        for (const trackId of announcement.trackIds)
          await send(announcement.artistId, deleteTrackOf(ctx, announcement.artistId, trackId, announcement.at));
      } else if (announcement.kind === 'restore') {
        await sendCreates(announcement.artistId, announcement.trackIds, announcement.at);
      } else {
        await send(
          announcement.artistId,
          deleteActorOf(ctx, announcement.artistId, announcement.at),
          announcement.recipients,
        );
        // The Delete carries its signature in its delivery jobs: the keys are no longer needed.
        await knex('federation_keys').where({ artistId: announcement.artistId }).delete();
      }
    },

    /** Moderation withheld or restored tracks (a takedown, a suspension or its end). */
    async moderated(trx: Knex.Transaction, kind: 'withhold' | 'restore', artistId: number, trackIds: number[]) {
      if (!trackIds.length || !(await followers.recipients(artistId, trx)).length) return;
      await service.announceLater(trx, { kind, artistId, trackIds, at: now() });
    },

    /** An account deleted: its followers are told the actor is gone, and forgotten here. */
    async accountDeleted(trx: Knex.Transaction, userId: number): Promise<void> {
      const artist = await trx('artists').where({ userId }).first('id');
      if (!artist) return;
      const artistId = Number(artist.id);
      const recipients = await followers.recipients(artistId, trx);
      if (recipients.length) await service.announceLater(trx, { kind: 'farewell', artistId, recipients, at: now() });
      else await trx('federation_keys').where({ artistId }).delete();
      await followers.removeArtist(artistId, trx);
    },

    /** One queued Fedify message (a fan-out or one inbox's delivery); a blocked domain gets nothing. */
    async deliver(message: { type?: string; inbox?: string }): Promise<void> {
      if (message.type === 'outbox' && message.inbox && (await isBlocked(new URL(message.inbox).host))) return;
      await fed().processQueuedTask(undefined, message as Parameters<Federation<void>['processQueuedTask']>[1]);
    },

    isBlocked,

    async blockedDomains(): Promise<Array<{ domain: string; blockedAt: string }>> {
      const rows = await knex(BLOCKS).orderBy('domain').select('domain', 'createdAt');
      return rows.map((r) => ({ domain: String(r.domain), blockedAt: new Date(Number(r.createdAt)).toISOString() }));
    },

    /** Follows from it are refused, deliveries to it stop, and its followers are dropped. */
    async block(rawDomain: string): Promise<{ domain: string; artistsAffected: number }> {
      const domain = rawDomain.trim().toLowerCase();
      if (!DOMAIN_PATTERN.test(domain)) throw invalid(MESSAGES.badDomain);
      await knex(BLOCKS).insert({ domain, createdAt: now() }).onConflict('domain').ignore();
      const artistIds = await followers.removeDomain(domain);
      await kernel.cache.changed((await Promise.all(artistIds.map(userTagOf))).flat());
      return { domain, artistsAffected: artistIds.length };
    },

    async unblock(rawDomain: string): Promise<void> {
      const removed = await knex(BLOCKS).where({ domain: rawDomain.trim().toLowerCase() }).delete();
      if (!removed) throw notFound(MESSAGES.notBlocked);
      await kernel.cache.changed([]);
    },
  };
  return service;
}

export type FederationService = ReturnType<typeof createFederationService>;

declare module '../../api/plugins/types.ts' {
  interface Services {
    federation: FederationService;
  }
}

export { DELIVER_JOB };
