import type { Kernel } from '../../api/plugins/types.ts';
import { conflict, forbidden, invalid, notFound } from '../../api/errors.ts';
import { userTag } from '../../api/cache/tags.ts';
import { isUniqueViolation } from '../../api/db/connection.ts';
import { CLAIM_NOT_COLLECTIBLE, CLAIM_SOLD_OUT, CLAIM_TWICE, claimSubscribe } from './rules.ts';

/** What exclusives' `remaining` counts depend on (docs/architecture.md, "Cache tags"). */
export const EXCLUSIVES_TAG = 'exclusives';

export interface ClaimJson {
  exclusiveId: number;
  /** The collectible's number, 1 for the first claim. */
  number: number;
  remaining: number;
  totalAvailable: number;
}

// Claims of numbered collectibles. The exclusive's row is decremented with a conditional UPDATE
// (remaining > 0) before the claim row is written, in one transaction: every claimer of a collectible
// waits on that row's lock in turn (MySQL; SQLite writes one at a time), so `remaining` never goes
// below 0, each number is given once, and the unique (exclusive, user) key refuses a second claim by
// rolling the decrement back.
export function createClaims(kernel: Kernel) {
  const { knex } = kernel;

  return {
    async claim(userId: number, exclusiveId: number): Promise<ClaimJson> {
      const exclusive = await knex('exclusives as e')
        .join('artists as a', 'a.id', 'e.artist_id')
        .where('e.id', exclusiveId)
        .first('e.id', 'e.type', 'e.total_available', 'e.artist_id', 'a.name as artist_name');
      if (!exclusive) throw notFound('Exclusive not found');
      if (exclusive.type !== 'NFT' || exclusive.totalAvailable === null) throw invalid(CLAIM_NOT_COLLECTIBLE);
      const subscribed = await knex('subscriptions')
        .where({ userId, artistId: exclusive.artistId, active: 1 })
        .first('id');
      if (!subscribed) throw forbidden(claimSubscribe(String(exclusive.artistName)));
      if (await knex('exclusive_claims').where({ exclusiveId, userId }).first('id')) throw conflict(CLAIM_TWICE);
      let claim: ClaimJson;
      try {
        claim = await knex.transaction(async (trx) => {
          const taken = await trx('exclusives')
            .where('id', exclusiveId)
            .where('remaining', '>', 0)
            .decrement('remaining', 1);
          if (!taken) throw conflict(CLAIM_SOLD_OUT);
          const row = await trx('exclusives').where('id', exclusiveId).first('remaining', 'total_available');
          const remaining = Number(row.remaining);
          const totalAvailable = Number(row.totalAvailable);
          const number = totalAvailable - remaining;
          await trx('exclusive_claims').insert({ exclusiveId, userId, number, claimedAt: kernel.now().getTime() });
          return { exclusiveId, number, remaining, totalAvailable };
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(CLAIM_TWICE);
        throw error;
      }
      await kernel.cache.changed([EXCLUSIVES_TAG, userTag(userId)]);
      return claim;
    },

    /** The numbers this user claimed, by exclusive id. */
    async claimsOf(userId: number): Promise<Map<number, number>> {
      kernel.cache.dependsOn([userTag(userId)]);
      const rows = await knex('exclusive_claims').where({ userId }).select('exclusive_id', 'number');
      return new Map(
        rows.map((row: { exclusiveId: number; number: number }) => [Number(row.exclusiveId), Number(row.number)]),
      );
    },
  };
}
