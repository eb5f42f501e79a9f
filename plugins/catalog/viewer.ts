import { DateTime, IANAZone } from 'luxon';
import { monthKey } from './drops.ts';
import { TZ_COOKIE } from './rules.ts';

// Who is looking at the catalog: the signed-in user (likes, listens) and their time zone, which
// decides when a midnight release is out for them (spec §2 step 4: midnight in each listener's
// time zone). The browser tells its zone in a cookie (client/timeZone.ts); without a valid one the
// viewer is in UTC.

export { TZ_COOKIE };

export interface Viewer {
  id: number | null;
  /** An IANA zone name Intl knows ('UTC' when the browser did not say or said nonsense). */
  zone: string;
}

/** An anonymous viewer in UTC (crawlers, the first page view before the cookie exists). */
export const UTC_VIEWER: Viewer = { id: null, zone: 'UTC' };

/** The cookie's zone if it is a real IANA name, UTC otherwise. */
export function viewerZone(raw: string | null | undefined): string {
  if (!raw || raw.length > 64 || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(raw)) return 'UTC';
  return IANAZone.isValidZone(raw) ? raw : 'UTC';
}

export function viewerOf(userId: number | null | undefined, rawZone: string | null | undefined): Viewer {
  return { id: userId ?? null, zone: viewerZone(rawZone) };
}

/** How far the zone's wall clock is ahead of UTC at this moment, in ms (+14 h in Pacific/Kiritimati). */
export function zoneOffsetMs(zone: string, at: Date): number {
  return DateTime.fromJSDate(at, { zone }).offset * 60_000;
}

/** 'YYYY-MM' of the viewer's calendar month at this moment ("this month" of the catalog). */
export function viewerMonth(viewer: Viewer, at: Date): string {
  return monthKey(new Date(at.getTime() + zoneOffsetMs(viewer.zone, at)));
}

/** A page's viewer: the session user (Astro.locals) and the tz cookie (Astro.cookies). */
export function pageViewer(astro: { locals: { user: { id: number } | null }; cookies: { get(name: string): { value: string } | undefined } }): Viewer {
  return viewerOf(astro.locals.user?.id, astro.cookies.get(TZ_COOKIE)?.value);
}

/** A request's viewer: the session user and the tz cookie (plain, not signed: the browser writes it). */
export function requestViewer(ctx: { state: { user: { id: number } | null }; cookies: { get(name: string, options: { signed: boolean }): string | undefined } }): Viewer {
  return viewerOf(ctx.state.user?.id, ctx.cookies.get(TZ_COOKIE, { signed: false }));
}
