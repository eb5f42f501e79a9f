/**
 * The interface languages OneTrack speaks (issue 43), shared by the server (which picks a request's
 * language) and the browser (which reads it from `<html lang>`). Adding one: docs/architecture.md,
 * "Languages".
 */
export const LOCALES = ['en', 'es', 'pt-BR', 'fr', 'de', 'ja', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Each language's name in itself, for the language picker and the suggestion banner. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  es: 'Español',
  'pt-BR': 'Português (Brasil)',
  fr: 'Français',
  de: 'Deutsch',
  ja: '日本語',
  ar: 'العربية',
};

/** OpenGraph's spelling (language_TERRITORY) of each language. */
export const OG_LOCALES: Record<Locale, string> = {
  en: 'en_US',
  es: 'es_ES',
  'pt-BR': 'pt_BR',
  fr: 'fr_FR',
  de: 'de_DE',
  ja: 'ja_JP',
  ar: 'ar_AR',
};

const RTL: ReadonlySet<Locale> = new Set(['ar']);

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function directionOf(locale: Locale): 'ltr' | 'rtl' {
  return RTL.has(locale) ? 'rtl' : 'ltr';
}

/**
 * The language a path is prefixed with (`/es/artist/1`), and the path without it. English has no
 * prefix: its URLs are the ones OneTrack always had (`x-default`).
 */
export function splitLocalePath(path: string): { locale: Locale | null; path: string } {
  const match = /^\/([A-Za-z]{2}(?:-[A-Za-z]{2})?)(?=\/|$)/.exec(path);
  const locale = match && match[1] !== DEFAULT_LOCALE && isLocale(match[1]) ? match[1] : null;
  return locale ? { locale, path: path.slice(locale.length + 1) || '/' } : { locale: null, path };
}

/** A page's path in a language: `/artist/1` → `/es/artist/1` (English keeps the bare path). */
export function localePath(locale: Locale, path: string): string {
  if (locale === DEFAULT_LOCALE) return path;
  return path === '/' ? `/${locale}` : `/${locale}${path}`;
}

/**
 * The supported language an `Accept-Language` header prefers, by its q-values, matching a tag or its
 * primary language (`pt-PT` finds `pt-BR`, `es-MX` finds `es`); null when none is supported. Only
 * the first 16 entries of at most 512 characters are read: the header is the client's.
 */
export function negotiateLocale(header: string | undefined): Locale | null {
  if (!header) return null;
  const ranges = header
    .slice(0, 512)
    .split(',', 16)
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([01](?:\.\d{0,3})?)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((range) => range.q > 0 && /^[a-z]{1,8}(-[a-z0-9]{1,8})*$/.test(range.tag))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranges) {
    const exact = LOCALES.find((locale) => locale.toLowerCase() === tag);
    if (exact) return exact;
    const primary = tag.split('-')[0];
    const near = LOCALES.find((locale) => locale.toLowerCase().split('-')[0] === primary);
    if (near) return near;
  }
  return null;
}
