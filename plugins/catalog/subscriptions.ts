import type { Kernel } from '../../api/plugins/types.ts';
import { forbidden, gone, notFound } from '../../api/errors.ts';
import { userTag } from '../../api/cache/tags.ts';
import { isUniqueViolation } from '../../api/db/connection.ts';
import { ARTIST_DELETED } from '../accounts/rules.ts';
import type { ArtistState } from './artists.ts';
import type { CatalogLens } from './lens.ts';
import { Subscription } from './models.ts';
import { subscriptionsQuery, toSubscription } from './queries.ts';
import { SUBSCRIBE_SELF } from './rules.ts';
import type { SubscriptionJson } from './types.ts';

// Subscriptions: a fan's, subscribing once, and ending one (kept on record for the artist's dashboard).

/** A fan just ended a subscription (other plugins drop what it carried: releases' pre-saves). */
export type UnsubscribedListener = (event: { userId: number; artistId: number }) => Promise<void>;

export function createSubscriptions(kernel: Kernel, { knex, now }: CatalogLens, { artistGone }: ArtistState) {
  const unsubscribedListeners: UnsubscribedListener[] = [];
  return {
    onUnsubscribed(listener: UnsubscribedListener): void {
      unsubscribedListeners.push(listener);
    },

    async subscriptions(userId: number): Promise<SubscriptionJson[]> {
      return (await subscriptionsQuery(knex, userId)).map(toSubscription);
    },

    /** Subscribes once: a second call (or a race) finds the same row and keeps it active. */
    async subscribe(userId: number, artistId: number): Promise<{ subscription: SubscriptionJson; created: boolean }> {
      const artist = await knex('artists').where({ id: artistId }).first('user_id');
      if (!artist) throw notFound('Artist not found');
      if (Number(artist.userId) === userId) throw forbidden(SUBSCRIBE_SELF);
      if (await artistGone(artistId)) throw gone(ARTIST_DELETED.gone);
      let created = true;
      let changed = true;
      try {
        await Subscription.query().insert({ userId, artistId, active: true, createdAt: now().getTime() });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        created = false;
        // A return is a new subscription: gained again now, its earlier end no longer on record.
        changed =
          (await Subscription.query()
            .where({ userId, artistId, active: false })
            .patch({ active: true, createdAt: now().getTime(), endedAt: null })) > 0;
      }
      // The subscriber's own views (the sidebar, the artist page's button); subscriber counts are counters.
      await kernel.cache.changed(changed ? [userTag(userId)] : []);
      const row = await subscriptionsQuery(knex, userId).where('s.artist_id', artistId).first();
      return { subscription: toSubscription(row), created };
    },

    /**
     * Ends a subscription, keeping when (the artist's dashboard counts subscribers lost); ending
     * one that is not active changes nothing. Null when the user never subscribed to the artist.
     */
    async unsubscribe(userId: number, artistId: number): Promise<SubscriptionJson | null> {
      if (!(await knex('artists').where({ id: artistId }).first('id'))) throw notFound('Artist not found');
      const changed =
        (await Subscription.query()
          .where({ userId, artistId, active: true })
          .patch({ active: false, endedAt: now().getTime() })) > 0;
      if (changed) for (const listener of unsubscribedListeners) await listener({ userId, artistId });
      await kernel.cache.changed(changed ? [userTag(userId)] : []);
      const row = await subscriptionsQuery(knex, userId, false).where('s.artist_id', artistId).first();
      return row ? toSubscription(row) : null;
    },
  };
}
