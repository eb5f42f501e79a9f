// Routes answer failures as the kernel does, a status and JSON {message}; a route that needs a
// session answers 401 before reading anything else.
export function merchRoutes(router, kernel) {
  const merch = kernel.services.merch;

  router.get('/merch/items', async (ctx) => {
    ctx.body = await merch.list();
  });

  router.post('/merch/items/:id/want', async (ctx) => {
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
  });
}
