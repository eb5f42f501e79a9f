import { createFederation, type Context, type Federation } from '@fedify/fedify';
import { Accept, Follow, Note, Reject, Tombstone, Undo } from '@fedify/fedify/vocab';
import type { Kernel } from '../../api/plugins/types.ts';
import type { Directory } from './directory.ts';
import type { Followers } from './followers.ts';
import { keyPairOf } from './keys.ts';
import { KnexKvStore } from './kv.ts';
import { createOf, personOf, trackNote } from './objects.ts';
import { handleOf } from './present.ts';
import { JobsMessageQueue } from './queue.ts';
import { OUTBOX_PAGE } from './rules.ts';
import type { FederationSettings } from './settings.ts';

// The Fedify federation: every artist an actor at /ap/artists/<id> (@username@<PUBLIC_URL's host>),
// their outbox of drops, a followers collection that shows its size only, and the inboxes where a
// remote Follow is accepted at once and its Undo removes it. Every URL comes from PUBLIC_URL
// (`origin`), never from a request's Host.

export interface FederationParts {
  kernel: Kernel;
  settings: FederationSettings;
  directory: Directory;
  followers: Followers;
  kv: KnexKvStore;
  isBlocked(host: string): Promise<boolean>;
  /** The newest cover of the artist's, shown as the profile's header. */
  headerOf(artistId: number): Promise<string | null>;
}

export const artistIdOf = (identifier: string) => (/^[1-9]\d{0,9}$/.test(identifier) ? Number(identifier) : NaN);

export function buildFederation(parts: FederationParts): Federation<void> {
  const { kernel, settings, directory, followers } = parts;
  const now = () => kernel.now().getTime();
  const federation = createFederation<void>({
    kv: parts.kv,
    queue: { outbox: new JobsMessageQueue(kernel), fanout: new JobsMessageQueue(kernel) },
    manuallyStartQueue: true,
    // Handles keep PUBLIC_URL's port, as Mastodon writes them (@name@host:port).
    origin: { webOrigin: kernel.config.publicUrl, handleHost: new URL(kernel.config.publicUrl).host },
    allowPrivateAddress: settings.allowPrivatePeers,
    // kernel.jobs holds a failing delivery back with its own backoff.
    circuitBreaker: false,
    // Mastodon and most servers still speak draft-cavage; trying it first saves a round trip.
    firstKnock: 'draft-cavage-http-signatures-12',
    userAgent: { software: 'OneTrack', url: new URL(kernel.config.publicUrl) },
  });

  federation
    .setActorDispatcher('/ap/artists/{identifier}', async (ctx, identifier) => {
      const artist = await directory.artist(artistIdOf(identifier));
      if (!artist) {
        // A deleted or suspended account's actor is gone (410), so servers drop what they kept.
        const known = await kernel
          .knex('artists')
          .where({ id: artistIdOf(identifier) || 0 })
          .first('id');
        return known ? new Tombstone({ id: ctx.getActorUri(identifier) }) : null;
      }
      return personOf(ctx, artist, await parts.headerOf(artist.id));
    })
    .mapHandle(async (_ctx, username) => {
      const artist = await directory.artistByUsername(username);
      return artist ? String(artist.id) : null;
    })
    .setKeyPairsDispatcher(async (_ctx, identifier) => {
      const id = artistIdOf(identifier);
      const exists = id && (await kernel.knex('artists').where({ id }).first('id'));
      return exists ? [await keyPairOf(kernel.knex, id, now())] : [];
    });

  federation.setObjectDispatcher(Note, '/ap/tracks/{id}', async (ctx, values) => {
    const track = await directory.track(artistIdOf(values.id));
    const artist = track && (await directory.artist(track.artistId));
    return track && artist ? trackNote(ctx, artist, track) : null;
  });

  federation
    .setOutboxDispatcher('/ap/artists/{identifier}/outbox', async (ctx, identifier, cursor) => {
      if (cursor === null) return null;
      const artist = await directory.artist(artistIdOf(identifier));
      const offset = /^\d{1,9}$/.test(cursor) ? Number(cursor) : 0;
      if (!artist) return { items: [] };
      const tracks = await directory.tracks(artist.id, offset, OUTBOX_PAGE + 1);
      return {
        items: tracks.slice(0, OUTBOX_PAGE).map((track) => createOf(ctx, artist, track)),
        nextCursor: tracks.length > OUTBOX_PAGE ? String(offset + OUTBOX_PAGE) : null,
      };
    })
    .setCounter(async (_ctx, identifier) => {
      const id = artistIdOf(identifier);
      return id ? directory.trackCount(id) : 0;
    })
    .setFirstCursor(() => '0');

  // Who follows an artist is theirs to know: the collection shows how many, never whom.
  federation
    .setFollowersDispatcher('/ap/artists/{identifier}/followers', () => ({ items: [] }))
    .setCounter(async (_ctx, identifier) => {
      const id = artistIdOf(identifier);
      return id ? followers.count(id) : 0;
    });

  federation
    .setInboxListeners('/ap/artists/{identifier}/inbox', '/ap/inbox')
    .on(Follow, async (ctx, follow) => {
      if (!follow.id || !follow.actorId || !follow.objectId) return;
      const target = ctx.parseUri(follow.objectId);
      if (target?.type !== 'actor') return;
      const artist = await directory.artist(artistIdOf(target.identifier));
      if (!artist || (await parts.isBlocked(follow.actorId.host))) return;
      const follower = await follow.getActor(ctx);
      if (!follower?.id || !follower.inboxId || follower.id.href !== follow.actorId.href) return;
      await followers.add(artist.id, {
        actorId: follower.id.href,
        handle: handleOf(follower.preferredUsername?.toString(), follower.id),
        inbox: follower.inboxId.href,
        sharedInbox: follower.endpoints?.sharedInbox?.href ?? null,
        domain: follower.id.host,
      });
      await ctx.sendActivity(
        { identifier: target.identifier },
        follower,
        new Accept({
          id: new URL(`#accepts/${encodeURIComponent(follow.id.href)}`, ctx.getActorUri(target.identifier)),
          actor: ctx.getActorUri(target.identifier),
          object: follow,
        }),
      );
    })
    .on(Undo, async (ctx, undo) => {
      const object = await undo.getObject(ctx);
      if (!(object instanceof Follow) || !undo.actorId || object.actorId?.href !== undo.actorId.href) return;
      const target = object.objectId && ctx.parseUri(object.objectId);
      if (!target || target.type !== 'actor') return;
      await followers.remove(artistIdOf(target.identifier), undo.actorId.href);
    })
    // A follower's server turned the follow down after all (their side blocked us).
    .on(Reject, async (ctx, reject) => {
      const object = await reject.getObject(ctx);
      if (!(object instanceof Follow) || !reject.actorId) return;
      const target = object.objectId && ctx.parseUri(object.objectId);
      if (target?.type === 'actor') await followers.remove(artistIdOf(target.identifier), reject.actorId.href);
    })
    .onError((_ctx, error) => kernel.log.warn('federation inbox activity failed', { error: String(error) }));

  // An inbox that answers 404 or 410 is gone for good: its followers are forgotten, not retried.
  federation.setOutboxPermanentFailureHandler(async (_ctx, { inbox, actorIds }) => {
    await followers.forgetInbox(
      inbox.href,
      actorIds.map((id) => id.href),
    );
  });

  federation.setNodeInfoDispatcher('/nodeinfo/2.1', async () => ({
    software: { name: 'onetrack', version: '1.0.0', homepage: new URL(kernel.config.publicUrl) },
    protocols: ['activitypub'],
    usage: { users: { total: await directory.artistCount() }, localPosts: 0, localComments: 0 },
    openRegistrations: true,
  }));

  return federation;
}

/** A context for sending outside a request (jobs). */
export const contextOf = (federation: Federation<void>, publicUrl: string): Context<void> =>
  federation.createContext(new URL(publicUrl), undefined);
