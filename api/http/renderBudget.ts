import type { Middleware } from 'koa';
import { AppError } from '../errors.ts';
import type { Logger } from '../log.ts';
import { addressKey, isInternetAddress } from './clientAddress.ts';
import type { AppState } from './state.ts';

export const RENDER_BUDGET_MESSAGE =
  'You asked for many new pages in a short time. Please wait a few seconds and try again.';

/** Clients whose budgets a node keeps; the least recently seen go first past this many. */
const MAX_CLIENTS = 50_000;

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * How many server renders one client may set off on a node: `perMinute` a minute (RENDERS_PER_MINUTE,
 * 120 in production), up to a minute's worth at once (a token bucket, refilled as time passes).
 *
 * Why: a render costs 10–20 ms of CPU against a fraction of a millisecond for a kept page, and a client
 * chooses what is rendered: an address no cache has (a query string of its own, a track id that does
 * not exist) renders every time. Without a budget one client could keep a node's renders busy with
 * such addresses, and every visitor's first view of a page would wait behind them. A person browsing
 * asks for a few new pages a minute, most of them kept already, and never meets it; past it the
 * answer is 429 with Retry-After, at once, rendering nothing; kept pages are still served.
 *
 * Who a client is: a signed-in viewer by their account, anyone else by address (an IPv6 /64 as one).
 * An address on the node's own network (loopback, private ranges) is not counted: it is a proxy that
 * TRUST_PROXY does not see through, or the machine itself, and stands for everyone behind it. Renders
 * the server asks for itself (a member's pages rendered ahead) are not counted either.
 *
 * Per node, not shared: what it protects is each node's own CPU, and a count in Redis would cost a
 * render a round trip more. With N nodes behind a balancer a client may set off up to N times as many
 * renders in all, each node at most its budget.
 */
export class RenderBudget {
  private readonly buckets = new Map<string, Bucket>();
  private readonly perMinute: number;
  private readonly now: () => number;
  private warned = false;

  constructor(options: { perMinute: number; now?: () => number }) {
    this.perMinute = options.perMinute;
    this.now = options.now ?? Date.now;
  }

  /** Takes one render from the client's budget: 0 when there was one, else the seconds until there is. */
  take(client: string): number {
    const now = this.now();
    const perMs = this.perMinute / 60_000;
    const kept = this.buckets.get(client);
    const bucket = kept
      ? { tokens: Math.min(this.perMinute, kept.tokens + Math.max(0, now - kept.at) * perMs), at: now }
      : { tokens: this.perMinute, at: now };
    // Re-inserted, so the Map's order is the order clients were last seen in.
    this.buckets.delete(client);
    this.buckets.set(client, bucket);
    if (this.buckets.size > MAX_CLIENTS) this.buckets.delete(this.buckets.keys().next().value!);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / perMs / 1000));
  }

  /** In front of the render gate: `own` says which requests the server sent itself. */
  middleware(options: {
    own: (ctx: Parameters<Middleware<AppState>>[0]) => boolean;
    trustProxy: boolean;
    log: Logger;
  }): Middleware<AppState> {
    return (ctx, next) => {
      const user = ctx.state.user;
      if (options.own(ctx) || (!user && !isInternetAddress(ctx.ip))) return next();
      const wait = this.take(user ? `user:${user.id}` : addressKey(ctx.ip));
      if (!wait) return next();
      if (!user && !options.trustProxy && ctx.get('X-Forwarded-For') && !this.warned) {
        // Most likely every visitor comes through a proxy on the internet and shares its budget.
        this.warned = true;
        options.log.warn(
          'render budget reached by an address whose requests carry X-Forwarded-For: ' +
            'behind a proxy, set TRUST_PROXY=1 so that each visitor has a budget of their ' +
            'own',
          { address: ctx.ip },
        );
      }
      throw new AppError('too_many', RENDER_BUDGET_MESSAGE, wait);
    };
  }
}
