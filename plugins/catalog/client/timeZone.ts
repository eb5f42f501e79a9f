import { TZ_COOKIE } from '../rules.ts';

// Tells the server the browser's time zone, so a midnight release is out at 00:00 where the
// listener is (viewer.ts validates it; without it the server shows UTC). Written again only when
// the zone changed (travel, a new device clock).

const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
const YEAR_S = 365 * 86_400;

if (zone && !document.cookie.split('; ').includes(`${TZ_COOKIE}=${zone}`)) {
  document.cookie = `${TZ_COOKIE}=${zone}; path=/; max-age=${YEAR_S}; samesite=lax`;
}
