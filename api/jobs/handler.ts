import type { Kernel } from '../plugins/types.ts';

/** A manifest's job handler (`jobs`), run by the media worker for each job of its type. */
export type JobHandler = ((payload: unknown, kernel: Kernel) => Promise<void>) & {
  /** Runs once when the job is parked as dead (its last attempt failed), e.g. to mark its row failed. */
  onDead?: (payload: unknown, kernel: Kernel) => Promise<void>;
};

/** A handler with a dead-letter hook (a plain function stays a valid manifest `jobs` entry). */
export function withDeadLetter(
  run: (payload: unknown, kernel: Kernel) => Promise<void>,
  onDead: JobHandler['onDead'],
): JobHandler {
  return Object.assign((payload: unknown, kernel: Kernel) => run(payload, kernel), { onDead });
}
