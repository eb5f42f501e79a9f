import { createHash } from 'node:crypto';
import type { MessageQueue, MessageQueueEnqueueOptions } from '@fedify/fedify';
import type { Kernel } from '../../api/plugins/types.ts';

// Fedify's message queue on kernel.jobs: every fan-out and every delivery to one inbox is a job,
// claimed by one worker of any node, retried by the kernel with its backoff (nativeRetrial: Fedify
// throws instead of re-enqueueing). A unique key per activity and inbox (and Fedify's own attempt
// count, for a 429's Retry-After) makes a message that is enqueued twice (a release job run again,
// two nodes) go out once.

export const DELIVER_JOB = 'federation.deliver';

interface QueuedMessage {
  type?: string;
  activityId?: string;
  id?: string;
  inbox?: string;
  attempt?: number;
}

export function uniqueKeyOf(message: QueuedMessage): string {
  const identity = [message.type, message.activityId ?? message.id, message.inbox ?? '', message.attempt ?? 0].join(
    '|',
  );
  return `fed:${createHash('sha256').update(identity).digest('hex')}`;
}

export class JobsMessageQueue implements MessageQueue {
  readonly nativeRetrial = true;
  readonly #kernel: Kernel;

  constructor(kernel: Kernel) {
    this.#kernel = kernel;
  }

  async enqueue(message: QueuedMessage, options?: MessageQueueEnqueueOptions): Promise<void> {
    const delay = options?.delay ? Math.max(0, Math.round(options.delay.total({ unit: 'millisecond' }))) : 0;
    await this.#kernel.jobs.enqueue(this.#kernel.knex, DELIVER_JOB, message, {
      runAt: this.#kernel.now().getTime() + delay,
      uniqueKey: uniqueKeyOf(message),
      maxAttempts: 8,
    });
  }

  // The kernel's workers run the jobs (the plugin's DELIVER_JOB handler); Fedify never listens itself.
  async listen(): Promise<void> {}
}
