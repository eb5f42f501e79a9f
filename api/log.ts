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

/** `destination` is for tests, which read the lines back; stdout otherwise. */
export function createLogger(level: LogLevel = 'info', destination?: DestinationStream): Logger {
  const base = pino(
    {
      level,
      base: undefined,
      messageKey: 'message',
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    // Asynchronous writes: a line is handed to the system while the next requests run, and lines
    // that come meanwhile go out together in one write. Nothing is lost at exit: pino flushes
    // such a destination synchronously on process 'exit' (graceful shutdown, process.exit, an
    // uncaught error); only a hard kill (SIGKILL, power loss) can drop the last lines. pino does
    // that only on the main thread, so a worker thread (the media worker's) keeps writing
    // synchronously: it logs little.
    destination ?? pino.destination({ dest: 1, sync: !isMainThread }),
  );
  return {
    info: (message, fields) => base.info(fields ?? {}, message),
    warn: (message, fields) => base.warn(fields ?? {}, message),
    error: (message, fields) => base.error(fields ?? {}, message),
    pino: base,
  };
}

export function errorFields(error: unknown): Record<string, unknown> {
  if (error instanceof Error) return { error: error.message, stack: error.stack };
  return { error: String(error) };
}
