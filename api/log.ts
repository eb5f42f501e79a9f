import { isMainThread } from 'node:worker_threads';
import { pino, type DestinationStream, type Logger as Pino } from 'pino';

/**
 * Structured logs (pino): one JSON object per line on stdout, quiet below `level`. Every line has
 * `time` (ISO), `level` (a word) and `message`, then its fields.
 */
export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  /** The pino logger underneath, for the request log (api/http/requestLog.ts). */
  readonly pino: Pino;
}

export type LogLevel = 'info' | 'warn' | 'error' | 'silent';

/**
 * The request log's lines (a line per request, through `pino` directly) are gathered up to
 * BATCH_BYTES or for at most FLUSH_MS before they are written: on this kind of VM a write to stdout
 * costs like a system call, and one per request was about 5 % of a busy node's CPU in a profile of
 * the load mix (bench/mix.ts), as much as writing the responses. Every other line (startup, jobs,
 * warnings, errors, a failed request's line: few, and read by people and by the tests that wait for
 * a node to listen) is written at once, with what was gathered before it, so lines stay in order.
 */
const BATCH_BYTES = 4096;
const FLUSH_MS = 1000;

/** `destination` is for tests, which read the lines back; stdout otherwise. */
export function createLogger(level: LogLevel = 'info', destination?: DestinationStream): Logger {
  // Asynchronous writes: a line is handed to the system while the next requests run. Nothing is
  // lost at exit: pino flushes such a destination synchronously on process 'exit' (graceful
  // shutdown, process.exit, an uncaught error); only a hard kill (SIGKILL, power loss) can drop the
  // last lines (at most FLUSH_MS of the request log). pino does that only on the main thread, so a
  // worker thread (the media worker's) keeps writing synchronously: it logs little.
  const out =
    destination ??
    pino.destination(
      isMainThread
        ? { dest: 1, sync: false, minLength: BATCH_BYTES, periodicFlush: FLUSH_MS }
        : { dest: 1, sync: true },
    );
  const base = pino(
    {
      level,
      base: undefined,
      messageKey: 'message',
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    out,
  );
  // What was gathered goes out with this line (a destination that gathers nothing has no flush).
  const now = () => (out as { flush?: () => void }).flush?.();
  return {
    info: (message, fields) => (base.info(fields ?? {}, message), now()),
    warn: (message, fields) => (base.warn(fields ?? {}, message), now()),
    error: (message, fields) => (base.error(fields ?? {}, message), now()),
    pino: base,
  };
}

export function errorFields(error: unknown): Record<string, unknown> {
  if (error instanceof Error) return { error: error.message, stack: error.stack };
  return { error: String(error) };
}
