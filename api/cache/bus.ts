import type { Tags } from './tags.ts';

/**
 * kernel.cache: the one signal every cache of the app obeys. Anything kept in a process's memory
 * that is derived from the database (rendered pages, API answers, session rows) records the tags it
 * was made from and is dropped when an invalidation of one of them (or of EVERYTHING) reaches this
 * node, from ANY node; nothing is used while `version()` is null. Tags name what changed, as a
 * CDN's surrogate keys do (`user:12`, `session:…`, `content`); docs/architecture.md lists who
 * announces which.
 *
 *  - One process (no REDIS_URL): invalidations reach the listeners of this process at once, and the
 *    threads of this process (the embedded media worker) through a BroadcastChannel.
 *  - Several nodes (REDIS_URL): `invalidate(tags)` counts a shared sequence, appends the tags to a
 *    bounded log under that number and publishes them, in one Lua call; every node's subscriber
 *    applies the messages in sequence order. A node that finds a gap (a lost message) or whose
 *    heartbeat (every second: the shared sequence and epoch in one MGET) sees the sequence ahead
 *    reads the missing tags from the log; when the log no longer holds them it drops everything. An
 *    invalidation of EVERYTHING also moves the shared epoch, which is `version()`.
 *    While Redis cannot be reached `version()` is null: caches are bypassed (pages are rendered
 *    fresh, never served stale) until the node has reconnected and dropped what it had. A command-line
 *    tool's bus, closing, waits until every serving node confirms having applied what it sent (applied.ts).
 */
export interface CacheBus {
  /**
   * The data behind the entries tagged with any of `tags` may have changed (no argument: all data,
   * EVERYTHING; an empty list: nothing, so nothing is sent). This node's listeners have run when it
   * returns; other nodes have been told when the promise resolves (or will be once Redis answers).
   * Resolves to the invalidation's shared sequence number, 0 when there is none to wait for (one
   * process, nothing sent, or Redis down: then every node bypasses its caches anyway).
   */
  invalidate(tags?: Iterable<string>): Promise<number>;
  /**
   * Whether this node has applied the shared invalidation numbered `seq` (read-your-writes: the
   * actor's next request may reach a node that pub/sub has not told yet). Catches up from Redis when
   * behind, for at most `waitMs`; true too when `seq` is beyond the shared sequence (Redis was reset).
   */
  caughtUp(seq: number, waitMs: number): Promise<boolean>;
  /**
   * What a service changed. Inside a write's scope (`collectChanges`: an API write, a job) the tags
   * are gathered and invalidated once when it ends; an empty list says it changed nothing. Outside
   * one (a command line tool, a session commit) they are invalidated at once.
   */
  changed(tags: Iterable<string>): Promise<void>;
  /**
   * Runs a write outside an API request (a protocol endpoint answering GET) in a write scope, and
   * invalidates what its services announced when it ends: everything when they announced nothing or it threw.
   */
  writing<T>(run: () => Promise<T>): Promise<T>;
  /** What is being rendered or read now (`collectReads`: a cached page or answer) was made from `tags`. */
  dependsOn(tags: Iterable<string>): void;
  /**
   * Changes with every invalidation of EVERYTHING; the same on every node once they have all heard
   * it. null: do not cache anything now.
   */
  version(): string | null;
  /** The invalidations seen here so far, to ask `changedSince` once a read that may be kept has ended. */
  mark(): number;
  /** Whether an invalidation seen after `mark` touched any of `tags` (or everything). */
  changedSince(mark: number, tags: Iterable<string>): boolean;
  /**
   * Runs `listener` with the tags of every invalidation seen here (EVERYTHING among them: drop all),
   * and with EVERYTHING whenever `version()` becomes null; returns the unsubscribe.
   */
  subscribe(listener: (tags: Tags) => void): () => void;
  /**
   * Where this node stands in the shared sequence of invalidations, to record with something made
   * now that other nodes may use (the shared page store, api/http/sharedPages.ts); null in one
   * process and while Redis is unreachable.
   */
  position(): Position | null;
  /**
   * Whether something made at `position`, on any node, is still current here: the same epoch, and
   * no invalidation of `tags` numbered after it that this node has applied, or sent and not yet
   * had numbered.
   */
  currentSince(position: Position, tags: Iterable<string>): boolean;
  /**
   * Resolves once this node's own invalidations so far are numbered and applied here in sequence, so
   * that `position()` covers them (after `waitMs` at most). At once in one process.
   */
  settled(waitMs: number): Promise<void>;
  /** For /healthz and /metrics. */
  status(): CacheBusStatus;
  close(): Promise<void>;
}

/** A place in the shared sequence of invalidations: its epoch and the last number applied. */
export interface Position {
  epoch: string;
  seq: number;
}

export type CacheBusStatus = { shared: 'none' } | { shared: 'redis'; redis: 'up' | 'down' | 'connecting' };
