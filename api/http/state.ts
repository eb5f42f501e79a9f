import type { Locale } from '../../lib/i18n/locales.ts';
import type { RequestLocale } from './locale.ts';

/** The signed-in user as the server keeps it on each request (never the password hash). */
export interface SessionUser {
  id: number;
  username: string;
  name: string;
  role: 'user' | 'admin' | 'superadmin';
  isArtist: boolean;
  profileImage: string | null;
  /**
   * The site's colours as chosen in Settings (the accounts plugin's THEMES), rendered into <html>; 'system' when
   * absent.
   */
  theme?: 'system' | 'dark' | 'light';
  /** The interface language chosen in Settings (lib/i18n/locales.ts); none: the URL's, else English. */
  locale?: Locale;
}

export interface AppState {
  user: SessionUser | null;
  /**
   * Set by plugin middleware when a page's content depends on more than its URL and viewer (the
   * catalog: the viewer's UTC offset, for midnight releases); the page cache keys pages by it too.
   */
  pageVariant?: string;
  /** The request's language (api/http/locale.ts). */
  locale?: RequestLocale;
  /** This node has not yet heard of a write the caller made on another node: read fresh (readYourWrites.ts). */
  uncached?: boolean;
  /** The request's bytes as sent, on the routes that declare `rawBodies` (signed webhooks); no JSON is parsed there. */
  rawBody?: Buffer;
}
