import { AsyncLocalStorage } from 'node:async_hooks';
import type { Locale } from '../lib/i18n/locales.ts';
import { API_TEXTS } from '../lib/i18n/apiTexts.ts';
import * as messages from '../lib/i18n/messages.ts';
import { LOCALE_STORE } from '../lib/i18n/runtime.ts';

/**
 * Each request's language (api/http/locale.ts sets it), read by the generated messages
 * (lib/i18n/runtime.ts) wherever they run during the request: pages, islands rendered on the server,
 * the API's texts. Registered on globalThis, once, because the built Astro handler has its own copies
 * of lib/i18n/runtime.ts and of this module.
 */
const registry = globalThis as { [LOCALE_STORE]?: AsyncLocalStorage<Locale> };
const store = (registry[LOCALE_STORE] ??= new AsyncLocalStorage<Locale>());

export function inLocale<T>(locale: Locale, write: () => T): T {
  return store.run(locale, write);
}

/** A text for a person: English as written, or a message called in the reader's language. */
export type Text = string | (() => string);

/** A text in the current language: a message's own, an English API text's translation (lib/i18n), else as written. */
export function localized(text: Text): string {
  if (typeof text === 'function') return text();
  return API_TEXTS[text]?.() ?? text;
}

/** A text as the logs and English readers see it. */
export function english(text: Text): string {
  return typeof text === 'function' ? inLocale('en', text) : text;
}

/**
 * A message named by its key (lib/i18n/messages) with its values: what is kept to be said later, in
 * the language of whoever reads it then (a notification is written once and read in any language).
 */
export interface Said {
  key: keyof typeof messages;
  values?: Record<string, string | number>;
}

const byKey = messages as unknown as Record<string, ((values: object) => string) | undefined>;

/** A kept message in the current language, or null when no message has that key (any more). */
export function say(said: Said): string | null {
  const message = byKey[said.key];
  return typeof message === 'function' ? message(said.values ?? {}) : null;
}
