import type { Middleware } from 'koa';
import { DEFAULT_LOCALE, negotiateLocale, splitLocalePath, type Locale } from '../../lib/i18n/locales.ts';
import { inLocale } from '../i18n.ts';
import type { AppState } from './state.ts';

/** The cookie a visitor's "No thanks" on the language suggestion sets (read as a yes/no only). */
export const HINT_COOKIE = 'lang_hint';

/** What a request is written in, and how it came to be (AppState.locale). */
export interface RequestLocale {
  locale: Locale;
  /** The page's URL named it (`/es/…`): links keep the prefix. */
  prefixed: boolean;
  /** The visitor's browser prefers this other supported language (the suggestion banner), or null. */
  suggestion: Locale | null;
}

/**
 * A request's language (issue 43). Pages: the URL's prefix (`/es/artist/1`, then served as
 * `/artist/1`, so every page exists in every language with no route of its own), else the signed-in
 * person's choice (Settings), else English; `Accept-Language` only suggests (a banner, no redirect
 * that would hide pages from crawlers). The API: the signed-in person's choice, else
 * `Accept-Language`. The page and API caches key entries by the language and the suggestion, both
 * from the supported list, never the raw header. After the session user is known, before the caches.
 */
export function requestLocale(): Middleware<AppState> {
  return async (ctx, next) => {
    const chosen = ctx.state.user?.locale;
    let state: RequestLocale;
    if (ctx.path === '/api' || ctx.path.startsWith('/api/')) {
      state = {
        locale: chosen ?? negotiateLocale(ctx.get('accept-language')) ?? DEFAULT_LOCALE,
        prefixed: false,
        suggestion: null,
      };
    } else {
      const split = splitLocalePath(ctx.path);
      if (split.locale) ctx.path = split.path;
      const locale = split.locale ?? chosen ?? DEFAULT_LOCALE;
      const preferred =
        split.locale || chosen || ctx.cookies.get(HINT_COOKIE) ? null : negotiateLocale(ctx.get('accept-language'));
      state = { locale, prefixed: split.locale !== null, suggestion: preferred === locale ? null : preferred };
    }
    ctx.state.locale = state;
    if (state.locale !== DEFAULT_LOCALE || state.prefixed || state.suggestion)
      ctx.state.pageVariant =
        `${ctx.state.pageVariant ?? ''} ${state.prefixed ? '/' : ''}${state.locale}` +
        `${state.suggestion ? `?${state.suggestion}` : ''}`;
    await inLocale(state.locale, next);
  };
}
