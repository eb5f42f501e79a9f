import type { Middleware } from 'koa';
import { AppError } from '../errors.ts';
import type { AppState } from './state.ts';

/** What a request hears when its class's queue is full, and when to try again (seconds). */
export const BUSY_MESSAGE = 'OneTrack is very busy right now. Please try again in a moment.';
export const BUSY_RETRY_S = 5;

/**
 * At most `slots` server renders run at once per process (RENDERS_AT_ONCE, 2 by default); the others
 * wait here, a signed-in viewer's never behind the whole queue of anonymous ones.
 *
 * Why: a render is most of the CPU a page view costs (a cached page ~0.25 ms, a render 5–20 ms), and
 * Node runs every request's callbacks on one loop in arrival order. Saturated, every render then
 * advances a little at a time behind all the others, so they all finish late, and the cache hits
 * and API reads queued between their steps wait as long. A render waiting here costs nothing; the
 * few running finish at their own pace. Which waits is the policy: people signed in (members, the
 * artists they pay) over anonymous visitors, whose first views of the long tail are mostly links and
 * crawlers. While both wait, they take turns: a member goes first, then the visitor who came first,
 * so a member never waits behind the whole queue of visitors and a stream of members' renders never
 * shuts visitors out. (A deadline for visitors would not do: on a saturated node their queue is always
 * older than any deadline, and members would wait behind it again. Three members' turns to a
 * visitor's kept members' pages quicker still, but left visitors a quarter of the renders when both
 * wait, and the bench's 40 fans ask for about half of them.) This is the prioritised
 * load shedding Netflix describes ("Keeping Netflix Reliable Using Prioritized Load Shedding", 2020),
 * without the shedding: nobody is refused, the lower class waits.
 *
 * Two at once by default: one render's database round trips overlap the other's CPU. On the two-node
 * mix (`node bench/bench.ts mix`, 50 connections) one slot left members waiting for it (their renders'
 * p50 250 ms), four let renders slow each other down (the nodes served 600 requests/s against 800
 * with two).
 *
 * Idle (a slot free), a render starts at once: the gate only ever decides an order when there is a
 * queue. Cache hits never come here (the page cache answers before the Astro handler).
 *
 * Each queue holds at most `maxWaiting` renders (RENDER_QUEUE, 256 by default; 0 for no bound); one
 * more is refused at once with 503 and Retry-After, without rendering. A flood of pages no cache has
 * (random addresses, query strings) would otherwise pile up sockets and requests that wait minutes,
 * and answer every visitor behind them that late; a full visitors' queue leaves the members' open.
 * At two slots and renders of 10–20 ms, 256 waiting is a wait of some seconds already.
 */
interface Waiter {
  start: () => void;
}

export class RenderGate {
  private running = 0;
  private readonly members: Waiter[] = [];
  private readonly visitors: Waiter[] = [];
  private readonly slots: number;
  private readonly maxWaiting: number;
  /** Whether the last slot handed over went to a member. */
  private lastWentToMember = false;

  constructor(options: { slots: number; maxWaiting?: number }) {
    this.slots = options.slots;
    this.maxWaiting = options.maxWaiting ?? 0;
  }

  /** How many renders wait for a slot. */
  get waiting(): number {
    return this.members.length + this.visitors.length;
  }

  /** Runs `render` once a slot is free, signed-in callers first. */
  async run<T>(signedIn: boolean, render: () => Promise<T>): Promise<T> {
    if (this.running < this.slots) this.running++;
    else {
      const queue = signedIn ? this.members : this.visitors;
      if (this.maxWaiting && queue.length >= this.maxWaiting)
        throw new AppError('unavailable', BUSY_MESSAGE, BUSY_RETRY_S);
      await new Promise<void>((start) => queue.push({ start }));
    }
    try {
      return await render();
    } finally {
      this.next();
    }
  }

  /** Hands the slot that was freed to the next waiter (the running count stays), or frees it. */
  private next(): void {
    const visitorsTurn = this.visitors.length > 0 && (this.members.length === 0 || this.lastWentToMember);
    const waiter = visitorsTurn ? this.visitors.shift() : this.members.shift();
    if (!waiter) {
      this.running--;
      return;
    }
    this.lastWentToMember = !visitorsTurn;
    waiter.start();
  }

  middleware(): Middleware<AppState> {
    return (ctx, next) => this.run(!!ctx.state.user, next);
  }
}
