import type { Theme } from '../rules.ts';

/**
 * Puts a just-saved theme on the open page, as the server renders it into every page after
 * (AppLayout: `<html data-bs-theme>` and the color-scheme the browser draws its own controls in).
 */
export function applyTheme(theme: Theme) {
  document.documentElement.dataset.bsTheme = theme;
  document
    .querySelector('meta[name="color-scheme"]')
    ?.setAttribute('content', theme === 'system' ? 'light dark' : theme);
}
