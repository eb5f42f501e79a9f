import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { createApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { listen } from './http/listen.ts';
import { listenMetrics } from './http/metrics.ts';
import { createLogger, errorFields } from './log.ts';

const log = createLogger();
/** How long a stopping server waits for the media worker thread, which releases jobs it cannot finish after 4 s. */
const WORKER_STOP_MS = 5000;

async function main() {
  const config = loadConfig();
  const app = await createApp({ config, log });
  const server = await listen(app.koa, config.port, config.host);
  const { port } = server.address() as AddressInfo;
  // PORT=0 in development: the derived public origin is the port the system chose.
  if (config.port === 0 && !process.env.PUBLIC_URL) config.publicUrl = `http://127.0.0.1:${port}`;
  log.info('OneTrack is listening', {
    url: `http://${config.host}:${port}`,
    // The address to open in a browser: passkeys need its name, not an IP address.
    open: config.publicUrl,
    database: config.database.client,
    redis: !!config.redis,
    storage: config.storage?.driver ?? 'local',
  });
  const metricsServer =
    app.metrics && config.metrics?.port != null
      ? await listenMetrics(app.metrics, config.metrics.port, config.host)
      : null;
  if (metricsServer)
    log.info('metrics are served', {
      url: `http://${config.host}:${(metricsServer.address() as AddressInfo).port}/metrics`,
    });

  // One media worker runs in a thread, so the default set-up needs no other process and media work
  // stays off this event loop. MEDIA_WORKER=0 leaves the jobs to `npm run worker` processes.
  const mediaWorker = config.mediaWorker ? new Worker(new URL('../media-worker/main.ts', import.meta.url)) : null;
  mediaWorker?.on('error', (error) => log.error('media worker thread failed', errorFields(error)));

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const drainMs = config.shutdownDrainMs ?? 0;
    log.info('shutting down', { signal, drainMs });
    // Drain, finish in-flight requests, then close the pool; give up 10 s after draining rather than hang.
    const force = setTimeout(() => {
      log.warn('forced exit: still stopping 10 s after draining');
      process.exit(1);
    }, drainMs + 10_000);
    force.unref();
    // The worker stops taking jobs now; it finishes those in hand or gives them back to the queue.
    const workerStopped = mediaWorker ? stopWorker(mediaWorker) : Promise.resolve();
    // The balancer sees /healthz at 503 and stops sending requests; those that still come are served.
    app.drain.draining = true;
    if (drainMs) await sleep(drainMs, undefined, { ref: false });
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
    metricsServer?.close();
    await workerStopped;
    await app.close();
    // The last line: logs are written asynchronously, and pino flushes them on exit.
    log.info('stopped', { signal });
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

/**
 * The worker finishes its jobs in hand, or after 4 s gives them back to the queue for another worker
 * (media-worker/main.ts); a thread that still has not ended after WORKER_STOP_MS is ended as a worker
 * that died would be, and its jobs are taken over once their leases pass.
 */
async function stopWorker(worker: Worker): Promise<void> {
  worker.postMessage('stop');
  const exited = once(worker, 'exit').then(() => true);
  if (!(await Promise.race([exited, sleep(WORKER_STOP_MS, false, { ref: false })]))) {
    log.warn('media worker still busy: ended; its jobs are taken over once their leases pass');
    await worker.terminate();
  }
}

main().catch((error) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`OneTrack cannot start: ${error.message}\n`);
  } else {
    log.error('OneTrack failed to start', errorFields(error));
  }
  process.exit(1);
});
