import type { Knex } from 'knex';
import { isMysql } from '../db/connection.ts';

// The kernel's job queue in one table (migrations/20260301000000_jobs.ts): plugins add jobs through
// kernel.jobs, the media worker (media-worker/runner.ts) claims and runs them. Producers enqueue
// inside their own transaction, so a job exists exactly when the row that needs it does. Workers
// claim a job with a lease: MySQL/MariaDB with SELECT … FOR UPDATE SKIP LOCKED (many workers never
// wait on each other), SQLite with one conditional UPDATE (a single writer makes that atomic). A worker that dies
// leaves
// its job "running" with a lease in the past, and the next claim takes it over; only the holder of
// the current lease can finish it, so a job never runs twice at once.

export interface Job {
  id: number;
  type: string;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
  /** This claim's token (locked_by); completing needs it. */
  token: string;
}

export interface EnqueueOptions {
  /** Not before this moment (epoch ms); now when omitted. */
  runAt?: number;
  maxAttempts?: number;
  /** At most one job ever has this key: enqueueing it again does nothing. */
  uniqueKey?: string;
}

/** Retry after 30 s, 2 min, 8 min, …, at most an hour. */
export function backoffMs(attempts: number): number {
  return Math.min(60 * 60_000, 30_000 * 4 ** Math.max(0, attempts - 1));
}

export async function enqueue(
  db: Knex | Knex.Transaction,
  type: string,
  payload: unknown,
  now: number,
  options: EnqueueOptions = {},
): Promise<void> {
  const insert = db('jobs').insert({
    type,
    payload: JSON.stringify(payload),
    status: 'queued',
    attempts: 0,
    maxAttempts: options.maxAttempts ?? 5,
    runAt: options.runAt ?? now,
    createdAt: now,
    uniqueKey: options.uniqueKey ?? null,
  });
  await (options.uniqueKey ? insert.onConflict('uniqueKey').ignore() : insert);
}

/** What plugins get as kernel.jobs. */
export interface Jobs {
  /**
   * Adds a job of a type some enabled manifest handles (`jobs`), with `db` the caller's transaction
   * when the job belongs to a write; created now on the kernel's clock.
   */
  enqueue(db: Knex | Knex.Transaction, type: string, payload: unknown, options?: EnqueueOptions): Promise<void>;
}

export function createJobs(now: () => Date): Jobs {
  return { enqueue: (db, type, payload, options) => enqueue(db, type, payload, now().getTime(), options) };
}

/** Claimable: queued and due, or running with an expired lease (its worker died). */
function claimable(query: Knex.QueryBuilder, now: number, types: string[]): Knex.QueryBuilder {
  return query
    .whereIn('type', types)
    .where((w) =>
      w
        .where((q) => q.where('status', 'queued').where('runAt', '<=', now))
        .orWhere((q) => q.where('status', 'running').where('leaseUntil', '<', now)),
    )
    .orderBy([{ column: 'runAt' }, { column: 'id' }])
    .limit(1);
}

/** Claims the next due job of these types for leaseMs, or null when there is none. */
export async function claim(
  knex: Knex,
  types: string[],
  token: string,
  now: number,
  leaseMs: number,
): Promise<Job | null> {
  if (types.length === 0) return null;
  const lease = { status: 'running', lockedBy: token, leaseUntil: now + leaseMs, attempts: knex.raw('attempts + 1') };
  if (isMysql(knex)) {
    const claimed = await knex.transaction(async (trx) => {
      const row = await claimable(trx('jobs').select('id'), now, types).forUpdate().skipLocked().first();
      if (!row) return false;
      await trx('jobs').where('id', row.id).update(lease);
      return true;
    });
    if (!claimed) return null;
  } else {
    const next = claimable(knex('jobs').select('id'), now, types);
    const changed = await knex('jobs').whereIn('id', next).update(lease);
    if (!changed) return null;
  }
  const row = await knex('jobs').where({ lockedBy: token, status: 'running' }).first();
  if (!row) return null;
  return {
    id: Number(row.id),
    type: row.type,
    payload: JSON.parse(row.payload),
    attempts: Number(row.attempts),
    maxAttempts: Number(row.maxAttempts),
    token,
  };
}

/** Extends the lease of a job this worker still holds; false when another worker took it over. */
export async function renewLease(knex: Knex, job: Job, now: number, leaseMs: number): Promise<boolean> {
  return (
    (await knex('jobs')
      .where({ id: job.id, lockedBy: job.token, status: 'running' })
      .update({ leaseUntil: now + leaseMs })) > 0
  );
}

export async function complete(knex: Knex, job: Job, now: number): Promise<boolean> {
  const done = { status: 'done', leaseUntil: null, lockedBy: null, lastError: null, finishedAt: now };
  return (await knex('jobs').where({ id: job.id, lockedBy: job.token, status: 'running' }).update(done)) > 0;
}

/**
 * Gives the running jobs of a stopping worker (`workerId` starts their claims' tokens) back to the
 * queue at once, their attempt not counted: another worker takes them now rather than once their
 * leases pass. The stopping worker can no longer finish them (its lock is gone). Returns how many.
 */
export async function release(knex: Knex, workerId: string, now: number): Promise<number> {
  return knex('jobs')
    .where('status', 'running')
    .where('lockedBy', 'like', `${workerId}:%`)
    .update({
      status: 'queued',
      runAt: now,
      leaseUntil: null,
      lockedBy: null,
      attempts: knex.raw('case when attempts > 0 then attempts - 1 else 0 end'),
    });
}

/** The prefix of lastError of a job waiting for a service that did not answer (/healthz counts them). */
export const WAITING_FOR_SERVICE = 'Waiting for a service: ';

/**
 * Back to the queue until `runAt`, its attempt not counted: what it needs (the mail server, media
 * storage) did not answer, so it is tried again soon, for as long as the outage lasts.
 */
export async function postpone(knex: Knex, job: Job, error: Error, runAt: number): Promise<boolean> {
  return (
    (await knex('jobs')
      .where({ id: job.id, lockedBy: job.token, status: 'running' })
      .update({
        status: 'queued',
        runAt,
        leaseUntil: null,
        lockedBy: null,
        attempts: knex.raw('case when attempts > 0 then attempts - 1 else 0 end'),
        lastError: `${WAITING_FOR_SERVICE}${error.message}`.slice(0, 2000),
      })) > 0
  );
}

/** Jobs waiting for a service that did not answer, and the latest reason. */
export async function waitingForServices(knex: Knex): Promise<{ count: number; reason: string | null }> {
  const waiting = () => knex('jobs').where('status', 'queued').where('lastError', 'like', `${WAITING_FOR_SERVICE}%`);
  const [[{ count }], latest] = await Promise.all([
    waiting().count({ count: '*' }),
    waiting().orderBy('id', 'desc').first('lastError'),
  ]);
  return { count: Number(count), reason: latest ? latest.lastError.slice(WAITING_FOR_SERVICE.length) : null };
}

/**
 * Back to the queue after a backoff, or dead (kept for a human) after the last attempt; 'lost' when
 * another worker holds the job by now (its outcome is that worker's to decide).
 */
export async function fail(knex: Knex, job: Job, error: unknown, now: number): Promise<'retry' | 'dead' | 'lost'> {
  const dead = job.attempts >= job.maxAttempts;
  const message = error instanceof Error ? error.message : String(error);
  const changed = await knex('jobs')
    .where({ id: job.id, lockedBy: job.token, status: 'running' })
    .update({
      status: dead ? 'dead' : 'queued',
      runAt: dead ? now : now + backoffMs(job.attempts),
      leaseUntil: null,
      lockedBy: null,
      lastError: message.slice(0, 2000),
      finishedAt: dead ? now : null,
    });
  if (!changed) return 'lost';
  return dead ? 'dead' : 'retry';
}
