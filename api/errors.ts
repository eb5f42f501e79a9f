/**
 * Errors that services raise for the caller to see. They name what went wrong, not an HTTP status:
 * the HTTP layer maps kinds to statuses (api/http/errors.ts), so services stay free of HTTP.
 */
import * as m from '../lib/i18n/messages.ts';
import { english, localized, type Text } from './i18n.ts';

export type ErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'gone'
  | 'conflict'
  | 'too_many'
  | 'too_large'
  | 'unavailable';

export class AppError extends Error {
  readonly kind: ErrorKind;
  /** Seconds after which a refused caller may try again (too_many). */
  readonly retryAfter?: number;
  /** What the caller reads, in their language (api/http/errors.ts); `message` stays English. */
  readonly text: Text;

  constructor(kind: ErrorKind, message: Text, retryAfter?: number) {
    super(english(message));
    this.kind = kind;
    this.retryAfter = retryAfter;
    this.text = message;
  }
}

export const invalid = (message: Text) => new AppError('invalid', message);
export const unauthenticated = (message: Text = 'Authentication required') => new AppError('unauthenticated', message);
export const forbidden = (message: Text = 'You do not have permission to do that') =>
  new AppError('forbidden', message);
export const notFound = (message: Text = 'Not found') => new AppError('not_found', message);
/** What existed and was removed for good (a deleted artist, a taken-down track): 410. */
export const gone = (message: Text) => new AppError('gone', message);
export const conflict = (message: Text) => new AppError('conflict', message);
/**
 * A service this one needs (media storage, the mail server) does not answer now: 503, and a job
 * that meets it waits a moment without using up an attempt (media-worker/runner.ts).
 */
export const unavailable = (message: Text) => new AppError('unavailable', message);
export const isUnavailable = (error: unknown): error is AppError =>
  error instanceof AppError && error.kind === 'unavailable';

/** "Try again in 5 minutes." for a wait in seconds (hours from two hours up), in the current language. */
export function tryAgainIn(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes >= 120) return m.api_try_again_hours({ hours: Math.ceil(minutes / 60) });
  return m.api_try_again_minutes({ minutes });
}

/** A refusal by a limit (429 with Retry-After): what was refused, then when to try again. */
export const tooMany = (message: Text, seconds: number) =>
  new AppError('too_many', () => `${localized(message)} ${tryAgainIn(seconds)}`, seconds);
