import { DateTime } from 'luxon';
import { useHydrated } from './useHydrated.ts';

// Dates as the spec writes them. The server cannot know the reader's time zone, so the server
// render (and the hydrating render, which must match it) uses UTC; the browser then switches to
// the reader's own zone.

/** Spec §9: "Jan 5, 2025". */
export const DATE_FORMAT = 'MMM d, yyyy';
/** Spec §2 Messages: "Mar 5, 14:30". */
export const MESSAGE_TIME_FORMAT = 'MMM d, HH:mm';

export function formatInstant(iso: string, pattern: string, zone = 'utc'): string {
  return DateTime.fromISO(iso, { zone }).setLocale('en-US').toFormat(pattern);
}

/** A formatter that renders UTC until hydrated, then the reader's local time. */
export function useLocalFormat(): (iso: string, pattern: string) => string {
  const hydrated = useHydrated();
  return (iso, pattern) => formatInstant(iso, pattern, hydrated ? 'local' : 'utc');
}
