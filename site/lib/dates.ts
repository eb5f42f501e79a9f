import { DateTime } from 'luxon';
import { useHydrated } from './useHydrated.ts';
import { intlLocale } from '../../lib/i18n/format.ts';

// Dates as the spec writes them. The server cannot know the reader's time zone, so the server
// render (and the hydrating render, which must match it) uses UTC; the browser then switches to
// the reader's own zone.

/** Spec §9: "Jan 5, 2025". */
export const DATE_FORMAT = 'MMM d, yyyy';
/** Spec §2 Messages: "Mar 5, 14:30". */
export const MESSAGE_TIME_FORMAT = 'MMM d, HH:mm';

/** The same dates as the other languages write them (their own order, month names and clock). */
const IN_OTHER_LANGUAGES: Record<string, Intl.DateTimeFormatOptions> = {
  [DATE_FORMAT]: { month: 'short', day: 'numeric', year: 'numeric' },
  [MESSAGE_TIME_FORMAT]: { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
};

/** English keeps the spec's pattern; another language writes the same fields its own way. */
export function formatInstant(iso: string, pattern: string, zone = 'utc'): string {
  const instant = DateTime.fromISO(iso, { zone });
  const locale = intlLocale();
  const options = IN_OTHER_LANGUAGES[pattern];
  if (locale === 'en' || !options) return instant.setLocale('en-US').toFormat(pattern);
  return instant.setLocale(locale).toLocaleString(options);
}

/** A formatter that renders UTC until hydrated, then the reader's local time. */
export function useLocalFormat(): (iso: string, pattern: string) => string {
  const hydrated = useHydrated();
  return (iso, pattern) => formatInstant(iso, pattern, hydrated ? 'local' : 'utc');
}
