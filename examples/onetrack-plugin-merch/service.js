export const INTEREST_JOB = 'merch.interest';

/** Merch items and who wants one; reads declare the `merch` tag, writes announce it. */
export function createMerchService(kernel) {
  const { knex, cache } = kernel;
  return {
    async list() {
      cache.dependsOn(['merch']);
      const rows = await knex('merch_items as i')
        .leftJoin('merch_wants as w', 'w.item_id', 'i.id')
        .groupBy('i.id', 'i.title', 'i.price_cents')
        .orderBy('i.id')
        .select('i.id', 'i.title', 'i.price_cents', knex.raw('count(w.user_id) as wanted'));
      return rows.map((r) => ({
        id: Number(r.id),
        title: r.title,
        priceCents: Number(r.priceCents),
        wanted: Number(r.wanted),
      }));
    },

    /** Records that the user wants the item, once; false when there is no such item. */
    async want(userId, itemId) {
      if (!(await knex('merch_items').where({ id: itemId }).first('id'))) return false;
      const seen = await knex('merch_wants').where({ itemId, userId }).first('itemId');
      if (!seen) {
        // The job exists exactly when the want does: enqueued in the same transaction.
        await knex.transaction(async (trx) => {
          await trx('merch_wants')
            .insert({ itemId, userId, createdAt: kernel.now().getTime(), notifiedAt: null })
            .onConflict(['itemId', 'userId'])
            .ignore();
          await kernel.jobs.enqueue(
            trx,
            INTEREST_JOB,
            { itemId, userId },
            { uniqueKey: `${INTEREST_JOB}:${itemId}:${userId}` },
          );
        });
      }
      // A repeated want changes nothing and empties no cache.
      await cache.changed(seen ? [] : ['merch']);
      return true;
    },
  };
}

/**
 * The media worker tells the seller about a new want (here: a log line) and marks it told. Safe to
 * run twice: only an untold want is marked. It changes nothing a page shows.
 */
export async function tellSeller(payload, kernel) {
  const { itemId, userId } = payload;
  const told = await kernel
    .knex('merch_wants')
    .where({ itemId, userId })
    .whereNull('notifiedAt')
    .update({ notifiedAt: kernel.now().getTime() });
  if (told) kernel.log.info('merch wanted', { itemId, userId });
  await kernel.cache.changed([]);
}
