import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { collectChanges, noChanges } from '../api/cache/scopes.ts';
import type { Kernel, PluginManifest } from '../api/plugins/types.ts';
import { errorFields } from '../api/log.ts';
import { JOB_LANES, type JobHandler } from '../api/jobs/handler.ts';
import { isUnavailable } from '../api/errors.ts';
import { claim, complete, fail, postpone, release, renewLease, type Job } from '../api/jobs/queue.ts';

/** How soon a job that met an unavailable service (api/errors.ts) is tried again, without using an attempt. */
export const UNAVAILABLE_RETRY_MS = 2000;

export interface RunnerOptions {
  /** How long a claim holds a job; renewed while the job runs. */
  leaseMs?: number;
  /** Wait between polls when the queue is empty. */
  idleMs?: number;
}

/** Every enabled plugin's job handlers by type. */
export function jobHandlers(plugins: PluginManifest[]): Record<string, JobHandler> {
  return Object.assign({}, ...plugins.map((p) => p.jobs ?? {}));
}

/**
 * Claims and runs jobs, one at a time per lane (api/jobs/handler.ts): each lane of the handlers has
 * a loop of its own, so a job waits only behind jobs of its lane. Any number of runners (processes
 * or threads) may share the queue; each claim has a lease that the runner renews while the job
 * runs, so only a runner that died lets its lease pass, and then another one takes the job over.
 */
export function createRunner(kernel: Kernel, handlers: Record<string, JobHandler>, options: RunnerOptions = {}) {
  const leaseMs = options.leaseMs ?? 60_000;
  const idleMs = options.idleMs ?? 1000;
  const workerId = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const lanes = JOB_LANES.map((lane) =>
    Object.keys(handlers).filter((type) => (handlers[type].lane ?? 'other') === lane),
  ).filter((types) => types.length);
  const now = () => kernel.now().getTime();
  let running = false;
  let loops: Promise<void>[] = [];
  const wakes = new Set<() => void>();

  /** Back to the queue, or dead; a dead job's hook runs once (its failure is only logged). */
  async function failJob(job: Job, error: unknown): Promise<'retry' | 'dead' | 'lost'> {
    const outcome = await fail(kernel.knex, job, error, now());
    if (outcome === 'dead') {
      await handlers[job.type]?.onDead?.(job.payload, kernel).catch((hookError: unknown) =>
        kernel.log.error('dead-letter hook failed', {
          job: job.id,
          type: job.type,
          error: errorFields(hookError).error,
        }),
      );
    }
    return outcome;
  }

  async function execute(job: Job): Promise<'done' | 'retry' | 'dead' | 'lost' | 'postponed'> {
    if (job.attempts > job.maxAttempts) return failJob(job, new Error('no attempts left after a lost lease'));
    const heartbeat = setInterval(
      () => void renewLease(kernel.knex, job, now(), leaseMs).catch(() => {}),
      Math.max(50, leaseMs / 3),
    );
    try {
      await handlers[job.type](job.payload, kernel);
      clearInterval(heartbeat);
      return (await complete(kernel.knex, job, now())) ? 'done' : 'lost';
    } catch (error) {
      clearInterval(heartbeat);
      if (isUnavailable(error)) {
        const postponed = await postpone(kernel.knex, job, error, now() + UNAVAILABLE_RETRY_MS);
        kernel.log.warn('job waits for a service', { job: job.id, type: job.type, error: error.message });
        return postponed ? 'postponed' : 'lost';
      }
      const outcome = await failJob(job, error);
      kernel.log.warn('job failed', {
        job: job.id,
        type: job.type,
        attempt: job.attempts,
        outcome,
        error: errorFields(error).error,
      });
      return outcome;
    }
  }

  /** Claims and runs one job of these types; null when none was due. */
  async function runOne(types: string[]): Promise<{ job: Job; outcome: string } | null> {
    const token = `${workerId}:${randomBytes(6).toString('hex')}`;
    const job = await claim(kernel.knex, types, token, now(), leaseMs);
    if (!job) return null;
    const changes = noChanges();
    const outcome = await collectChanges(changes, () => execute(job));
    // A finished job (or a dead one's hook) changed what pages show: every node's caches hear
    // what its handler announced, or that anything may have changed when it announced nothing.
    if (outcome === 'done' && changes.announced) await kernel.cache.invalidate(changes.tags);
    else if (outcome === 'done' || outcome === 'dead') await kernel.cache.invalidate();
    return { job, outcome };
  }

  async function lane(types: string[]): Promise<void> {
    while (running) {
      let ran = null;
      try {
        ran = await runOne(types);
      } catch (error) {
        kernel.log.error('media worker could not reach the queue', errorFields(error));
      }
      if (!ran && running)
        await new Promise<void>((resolve) => {
          const wake = () => {
            wakes.delete(wake);
            resolve();
          };
          wakes.add(wake);
          setTimeout(wake, idleMs);
        });
    }
  }

  const runner = {
    workerId,

    /** Claims and runs one job, of the first lane that has one due (mail first); null when none was due. */
    async runOnce(): Promise<{ job: Job; outcome: string } | null> {
      for (const types of lanes) {
        const ran = await runOne(types);
        if (ran) return ran;
      }
      return null;
    },

    /** Runs until the queue has nothing due; returns how many jobs ran (tests, one-off drains). */
    async drain(): Promise<number> {
      let count = 0;
      while (await runner.runOnce()) count++;
      return count;
    },

    start(): void {
      if (running) return;
      running = true;
      loops = lanes.map((types) => lane(types));
    },

    /**
     * Stops polling and finishes the jobs in hand; those still running after `graceMs` go back to
     * the queue for another worker (their handlers' outcome is then ignored).
     */
    async stop(graceMs = Infinity): Promise<void> {
      running = false;
      for (const wake of [...wakes]) wake();
      const finished = Promise.all(loops).then(() => true);
      if (graceMs === Infinity) return void (await finished);
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), graceMs)));
      const done = await Promise.race([finished, late]);
      clearTimeout(timer);
      if (done) return;
      const released = await release(kernel.knex, workerId, now());
      kernel.log.warn('stopping with jobs in hand: given back to the queue', { worker: workerId, released });
    },
  };
  return runner;
}

export type Runner = ReturnType<typeof createRunner>;
