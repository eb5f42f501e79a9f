import type { Kernel } from '../plugins/types.ts';

/**
 * Which of a worker's queues a job waits in. Each lane has a loop of its own in every worker, so a
 * job waits only behind jobs of its own lane: a reset e-mail never behind 50 transcodes, an export
 * never behind a long one. `mail`: someone is waiting for it (short); `media`: ffmpeg and image work
 * (long, CPU-bound); `other` (unset): everything else (exports, schedules, roll-ups).
 */
export type JobLane = 'mail' | 'media' | 'other';
/** The order a one-off drain (`runOnce`) tries them in. */
export const JOB_LANES: readonly JobLane[] = ['mail', 'other', 'media'];

/** A manifest's job handler (`jobs`), run by the media worker for each job of its type. */
export type JobHandler = ((payload: unknown, kernel: Kernel) => Promise<void>) & {
  /** Runs once when the job is parked as dead (its last attempt failed), e.g. to mark its row failed. */
  onDead?: (payload: unknown, kernel: Kernel) => Promise<void>;
  /** 'other' when unset. */
  lane?: JobLane;
};

/** A handler with a dead-letter hook (a plain function stays a valid manifest `jobs` entry). */
export function withDeadLetter(
  run: (payload: unknown, kernel: Kernel) => Promise<void>,
  onDead: JobHandler['onDead'],
): JobHandler {
  return Object.assign((payload: unknown, kernel: Kernel) => run(payload, kernel), { onDead });
}

/** `handler` (its dead-letter hook kept) waiting in `lane`. */
export function inLane(lane: JobLane, handler: JobHandler): JobHandler {
  return Object.assign((payload: unknown, kernel: Kernel) => handler(payload, kernel), {
    onDead: handler.onDead,
    lane,
  });
}
