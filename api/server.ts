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
/** How long a stopping server waits for the media worker thread's job in hand (of its 10 s budget). */
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
    log.info('shutting down', { signal });
    // Finish in-flight requests, then close the pool; give up after 10 s rather than hang.
    const force = setTimeout(() => {
      log.warn('forced exit: still stopping after 10 s');
      process.exit(1);
    }, 10_000);
    force.unref();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
    metricsServer?.close();
    if (mediaWorker) {
      // It finishes the job in hand, which on a busy machine can outlast the shutdown's budget (a
      // forced exit, code 1): after WORKER_STOP_MS the thread is ended as a worker that died would
      // be, and its job is taken over once its lease passes (media-worker/runner.ts).
      mediaWorker.postMessage('stop');
      const exited = once(mediaWorker, 'exit').then(() => true);
      if (!(await Promise.race([exited, sleep(WORKER_STOP_MS, false, { ref: false })]))) {
        log.warn('media worker still busy with a job: ended; the job is taken over once its lease passes');
        await mediaWorker.terminate();
      }
    }
    await app.close();
    // The last line: logs are written asynchronously, and pino flushes them on exit.
    log.info('stopped', { signal });
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`OneTrack cannot start: ${error.message}\n`);
  } else {
    log.error('OneTrack failed to start', errorFields(error));
  }
  process.exit(1);
});
