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
      return rows.map((r) => ({ id: Number(r.id), title: r.title, priceCents: Number(r.priceCents), wanted: Number(r.wanted) }));
    },

    /** Records that the user wants the item, once; false when there is no such item. */
    async want(userId, itemId) {
      if (!(await knex('merch_items').where({ id: itemId }).first('id'))) return false;
      const seen = await knex('merch_wants').where({ itemId, userId }).first('itemId');
      if (!seen) await knex('merch_wants').insert({ itemId, userId, createdAt: kernel.now().getTime() }).onConflict(['itemId', 'userId']).ignore();
      // A repeated want changes nothing and empties no cache.
      await cache.changed(seen ? [] : ['merch']);
      return true;
    },
  };
}
