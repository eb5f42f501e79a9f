import { TZ_COOKIE } from '../rules.ts';

// Tells the server the browser's time zone, so a midnight release is out at 00:00 where the
// listener is (viewer.ts validates it; without it the server shows UTC). Written again only when
// the zone changed (travel, a new device clock).

const YEAR_S = 365 * 86_400;

function tell(zone: string): void {
  if (zone && !document.cookie.split('; ').includes(`${TZ_COOKIE}=${zone}`)) {
    document.cookie = `${TZ_COOKIE}=${zone}; path=/; max-age=${YEAR_S}; samesite=lax`;
  }
}

// Temporal answers at once. Intl's first DateTimeFormat loads the locale data (~35 ms here, a long
// task on a phone's CPU as the page scripts start), so without Temporal it waits for an idle moment.
/** The `page.start` hook (site/lib/pageScripts.ts): tells the zone once the page scripts load. */
export default function startTimeZone(): void {
  const temporal = (globalThis as { Temporal?: { Now: { timeZoneId(): string } } }).Temporal;
  if (temporal) tell(temporal.Now.timeZoneId());
  else (window.requestIdleCallback ?? setTimeout)(() => tell(Intl.DateTimeFormat().resolvedOptions().timeZone));
}
