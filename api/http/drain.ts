import type { Middleware } from 'koa';

/**
 * A node on its way out (SIGTERM, api/server.ts): /healthz answers 503 so the balancer stops sending
 * it requests, while it still serves those that come meanwhile, each answered with `Connection:
 * close` so no kept-alive connection outlives it (a balancer's reuse of a closed one is a failed
 * request). Once the balancer has had time to notice, the server stops listening and finishes what is
 * in flight.
 */
export class Drain {
  draining = false;

  middleware(): Middleware {
    return async (ctx, next) => {
      if (this.draining) ctx.set('Connection', 'close');
      await next();
    };
  }
}
