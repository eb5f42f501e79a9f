// The language suggestion's "No thanks" (site/components/LocaleBanner.astro): remembered for a year in
// the cookie the server reads before suggesting (api/http/locale.ts), so the page cache serves this
// visitor the copy without the banner from now on.
document.addEventListener('click', (event) => {
  const button = (event.target as Element | null)?.closest('[data-locale-banner-dismiss]');
  if (!button) return;
  document.cookie = `lang_hint=off; path=/; max-age=${365 * 24 * 3600}; samesite=lax`;
  button.closest('[data-locale-banner]')?.remove();
});
