// Where sign-in returns to: `/login?next=/artist/3`. Only a path of this site is followed, so the
// parameter cannot send a fresh session to another origin (an open redirect).

export const NEXT_PARAM = 'next';
/** Why a sign-in form posted without JavaScript came back (`/login?failed=unauthenticated`): an error kind. */
export const LOGIN_FAILED_PARAM = 'failed';

/** The path to go to after signing in, or null when `raw` is not a plain path of this site. */
export function safeNextPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 1000 || !raw.startsWith('/') || raw.startsWith('//') || /[\\\s]/.test(raw)) return null;
  const url = new URL(raw, 'http://onetrack.invalid');
  if (
    url.origin !== 'http://onetrack.invalid' ||
    url.pathname.startsWith('/api/') ||
    url.pathname === '/login' ||
    url.pathname === '/auth'
  )
    return null;
  return url.pathname + url.search + url.hash;
}

/** The sign-in page that comes back to `here` (a path with its query). */
export function signInPath(here: string, tab: 'login' | 'register' = 'login'): string {
  const next = safeNextPath(here);
  const params = new URLSearchParams(tab === 'register' ? { tab } : {});
  if (next && next !== '/') params.set(NEXT_PARAM, next);
  const query = params.toString();
  return `/login${query ? `?${query}` : ''}`;
}

/** Where a new account lands: a short welcome (issue 26: the home page still said "Join The Movement"). */
export const WELCOME_PATH = '/welcome';
