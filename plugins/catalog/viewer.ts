import { IANAZone } from 'luxon';
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

/**
 * The zone a request's Cookie header tells: the one parser of the tz cookie for every layer (the page
 * cache's variant, API reads, pages), so a page is never rendered for one zone and kept under
 * another's key. The browser writes the name as is (client/timeZone.ts); the value is taken as
 * written, never percent-decoded (so `Pacific%2FKiritimati` is UTC everywhere), the first tz pair wins.
 */
export function cookieZone(header: string | null | undefined): string {
  for (const pair of (header ?? '').split(';')) {
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.slice(0, eq).trim() === TZ_COOKIE) return viewerZone(pair.slice(eq + 1).trim());
  }
  return 'UTC';
}

export function viewerOf(userId: number | null | undefined, cookieHeader: string | null | undefined): Viewer {
  return { id: userId ?? null, zone: cookieZone(cookieHeader) };
}

/** How far the zone's wall clock is ahead of UTC at this moment, in ms (+14 h in Pacific/Kiritimati). */
export function zoneOffsetMs(zone: string, at: Date): number {
  // Luxon keeps one IANAZone per name; a DateTime per call was a visible share of a render's profile.
  return zone === 'UTC' ? 0 : IANAZone.create(zone).offset(at.getTime()) * 60_000;
}

/** 'YYYY-MM' of the viewer's calendar month at this moment ("this month" of the catalog). */
export function viewerMonth(viewer: Viewer, at: Date): string {
  return monthKey(new Date(at.getTime() + zoneOffsetMs(viewer.zone, at)));
}

/**
 * A page's viewer: the session user (Astro.locals) and the tz cookie of the request's header (not Astro.cookies, which
 * decodes).
 */
export function pageViewer(astro: { locals: { user: { id: number } | null }; request: Request }): Viewer {
  return viewerOf(astro.locals.user?.id, astro.request.headers.get('cookie'));
}

/** A request's viewer: the session user and the tz cookie (plain, not signed: the browser writes it). */
export function requestViewer(ctx: { state: { user: { id: number } | null }; get(field: string): string }): Viewer {
  return viewerOf(ctx.state.user?.id, ctx.get('cookie'));
}
