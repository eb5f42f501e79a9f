import { writeFile } from 'node:fs/promises';
import { isMainThread, parentPort } from 'node:worker_threads';
import { createKernel } from '../api/app.ts';
import { ConfigError, loadConfig } from '../api/config.ts';
import { createLogger, errorFields } from '../api/log.ts';
import type { Kernel } from '../api/plugins/types.ts';
import { createRunner, jobHandlers } from './runner.ts';

// `npm run worker`: a media worker as its own process (run as many as you like). `npm start` also
// runs this file in a worker thread, so the default set-up needs nothing else and media work stays
// off the web process's event loop.

const log = createLogger();
/**
 * How long a stopping worker lets its jobs in hand run before giving them back to the queue (docker stop waits 10 s).
 */
const STOP_GRACE_MS = 4000;

/** Touches `file` every 15 s while the database answers: what the container's health check reads. */
function startHeartbeat(kernel: Kernel, file: string): NodeJS.Timeout {
  const beat = () =>
    kernel.knex.raw('select 1').then(
      () => writeFile(file, new Date().toISOString()),
      (error: unknown) => log.warn('media worker cannot reach the database', errorFields(error)),
    );
  void beat();
  return setInterval(() => void beat(), 15_000);
}

async function main() {
  const config = loadConfig();
  // The web process seeds demo data; a worker never does (both starting on an empty database would race).
  const { kernel, plugins } = await createKernel({ config: { ...config, seedDemo: false }, log });
  const runner = createRunner(kernel, jobHandlers(plugins));
  runner.start();
  const heartbeat = config.workerHeartbeatFile ? startHeartbeat(kernel, config.workerHeartbeatFile) : null;
  log.info('media worker started', {
    worker: runner.workerId,
    thread: !isMainThread,
    database: config.database.client,
  });

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    if (heartbeat) clearInterval(heartbeat);
    await runner.stop(STOP_GRACE_MS);
    await kernel.close();
    log.info('media worker stopped', { worker: runner.workerId });
    if (isMainThread) process.exit(0);
    parentPort?.close();
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
  parentPort?.on('message', (message) => {
    if (message === 'stop') void stop();
  });
}

main().catch((error) => {
  if (error instanceof ConfigError) process.stderr.write(`OneTrack media worker cannot start: ${error.message}\n`);
  else log.error('media worker failed to start', errorFields(error));
  process.exit(1);
});
