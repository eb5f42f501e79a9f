import type { Middleware } from 'koa';
import type { Config } from '../config.ts';

// Which Host a request may name. Absolute URLs come from the configured public origin
// (config.publicUrl), never from a request; a request for any other host is refused, so a forged
// Host (or X-Forwarded-Host behind a trusted proxy) reaches neither a page nor a cache
// (api/http/README.md, "Threat model").

/** The machine itself, by name or address: development, health checks, an operator's curl. */
const LOOPBACK = /^(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/;

export const isLoopbackHost = (host: string) => LOOPBACK.test(host.toLowerCase());

/** The public origin's host, with and without its scheme's default port. */
function publicHosts(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  return url.port ? [url.host] : [url.host, `${url.hostname}:${url.protocol === 'https:' ? 443 : 80}`];
}

export const HOST_REFUSED = 'This site is not served under that host name';

/** Answers 421 to a request for a host the site does not serve, before anything reads or caches it. */
export function servedHosts(config: Pick<Config, 'publicUrl'>): Middleware {
  return async (ctx, next) => {
    // ctx.host is X-Forwarded-Host's first value behind a trusted proxy, else Host.
    const host = ctx.host.toLowerCase();
    if (!isLoopbackHost(host) && !publicHosts(config.publicUrl).includes(host)) {
      ctx.status = 421;
      ctx.body = { message: HOST_REFUSED };
      return;
    }
    await next();
  };
}

/** Whether a browser's Origin header is this site: the public origin, or the loopback address it was reached at. */
export function isOwnOrigin(
  origin: string,
  ctx: { protocol: string; host: string },
  config: Pick<Config, 'publicUrl'>,
): boolean {
  return origin === config.publicUrl || (isLoopbackHost(ctx.host) && origin === `${ctx.protocol}://${ctx.host}`);
}
