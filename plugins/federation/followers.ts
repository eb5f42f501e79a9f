import type { Knex } from 'knex';

// Remote followers of each artist, one row per follower actor (a repeated Follow changes nothing).

const TABLE = 'federation_followers';

export interface RemoteFollower {
  actorId: string;
  handle: string;
  inbox: string;
  sharedInbox: string | null;
  domain: string;
}

// A change shows on the artist's own dashboard only: their `user:<id>` pages are dropped on every
// node (an inbox delivery is no API write, so it invalidates itself).
export function createFollowers(knex: Knex, now: () => number, changedFor: (artistId: number) => Promise<void>) {
  return {
    async add(artistId: number, follower: RemoteFollower): Promise<void> {
      await knex(TABLE)
        .insert({ artistId, ...follower, createdAt: now() })
        .onConflict(['artistId', 'actorId'])
        .merge(['handle', 'inbox', 'sharedInbox']);
      await changedFor(artistId);
    },

    async remove(artistId: number, actorId: string): Promise<void> {
      if (!Number.isSafeInteger(artistId)) return;
      if (await knex(TABLE).where({ artistId, actorId }).delete()) await changedFor(artistId);
    },

    async count(artistId: number): Promise<number> {
      const row = await knex(TABLE).where({ artistId }).count({ n: '*' }).first();
      return Number(row?.n ?? 0);
    },

    /** Newest first; every one without a limit (the artist's data export). */
    async recent(artistId: number, limit?: number): Promise<Array<{ handle: string; since: number }>> {
      const query = knex(TABLE)
        .where({ artistId })
        .orderBy([
          { column: 'createdAt', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .select('handle', 'createdAt');
      const rows = await (limit ? query.limit(limit) : query);
      return rows.map((row) => ({ handle: String(row.handle), since: Number(row.createdAt) }));
    },

    /** Every follower as Fedify's recipient (its inbox and shared inbox), to fan an activity out to. */
    async recipients(artistId: number, db: Knex | Knex.Transaction = knex): Promise<SerializedRecipient[]> {
      const rows = await db(TABLE).where({ artistId }).select('actorId', 'inbox', 'sharedInbox');
      return rows.map((row) => ({ id: row.actorId, inbox: row.inbox, sharedInbox: row.sharedInbox ?? null }));
    },

    /** Followers behind an inbox that is gone (a personal inbox, or the given actors on a shared one). */
    async forgetInbox(inbox: string, actorIds: string[]): Promise<void> {
      const rows = await knex(TABLE)
        .where((w) => w.where({ inbox }).orWhereIn('actorId', actorIds))
        .select('id', 'artistId');
      if (!rows.length) return;
      await knex(TABLE)
        .whereIn(
          'id',
          rows.map((r) => r.id),
        )
        .delete();
      for (const artistId of new Set(rows.map((r) => Number(r.artistId)))) await changedFor(artistId);
    },

    /** A blocked domain's followers are dropped from every artist. */
    async removeDomain(domain: string): Promise<number[]> {
      const artistIds = (await knex(TABLE).where({ domain }).distinct('artistId')).map((r) => Number(r.artistId));
      await knex(TABLE).where({ domain }).delete();
      return artistIds;
    },

    async removeArtist(artistId: number, trx: Knex.Transaction): Promise<void> {
      await trx(TABLE).where({ artistId }).delete();
    },
  };
}

/** A recipient as a job's payload can hold it. */
export interface SerializedRecipient {
  id: string;
  inbox: string;
  sharedInbox: string | null;
}

/** What Fedify's sendActivity takes as a recipient. */
export interface Recipient {
  id: URL;
  inboxId: URL;
  endpoints: { sharedInbox: URL } | null;
}

export const toRecipient = (r: SerializedRecipient): Recipient => ({
  id: new URL(r.id),
  inboxId: new URL(r.inbox),
  endpoints: r.sharedInbox ? { sharedInbox: new URL(r.sharedInbox) } : null,
});

export type Followers = ReturnType<typeof createFollowers>;
