import { navigate } from 'astro:transitions/client';

/** The artist's page again, as it is now, open on its Exclusives tab (after a create or a delete). */
export async function showExclusives(): Promise<void> {
  await navigate(`${location.pathname}${location.search}`, { history: 'replace' });
  document.querySelector<HTMLElement>('[data-tabs] [data-tab="exclusives"]')?.click();
}
