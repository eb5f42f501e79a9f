// Routes answer failures as the kernel does, a status and JSON {message}; a route that needs a
// session answers 401 before reading anything else. Each is mounted with its description (what
// /api/openapi.json says of it), through the kernel as a package cannot import it.
const Item = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    title: { type: 'string' },
    priceCents: { type: 'integer' },
    wanted: { type: 'integer' },
  },
  required: ['id', 'title', 'priceCents', 'wanted'],
  additionalProperties: false,
};
const Items = { type: 'array', items: Item };

export function merchRoutes(router, kernel) {
  const merch = kernel.services.merch;
  const api = kernel.described(router);

  api.get(
    '/merch/items',
    { summary: 'The merch on offer, with how many want each', responses: { 200: Items } },
    async (ctx) => {
      ctx.body = await merch.list();
    },
  );

  api.post(
    '/merch/items/:id/want',
    {
      summary: 'Tell the artist you want an item',
      session: 'required',
      login: 'Sign in to tell the artist you want this',
      responses: { 200: Items },
      errors: { 404: 'no such item' },
    },
    async (ctx) => {
      const user = ctx.state.user;
      if (!user) {
        ctx.status = 401;
        ctx.body = { message: 'Sign in to tell the artist you want this' };
        return;
      }
      const id = /^\d{1,9}$/.test(ctx.params.id) ? Number(ctx.params.id) : 0;
      if (!id || !(await merch.want(user.id, id))) {
        ctx.status = 404;
        ctx.body = { message: 'Merch item not found' };
        return;
      }
      ctx.body = await merch.list();
    },
  );
}
