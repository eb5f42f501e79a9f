// The directory's search (spec §5) as the fan types: the server's own render of /artists?q=…
// (the same case-insensitive name-or-genre match over every artist, a page at a time, and the page
// cache's copy when someone searched the same before) replaces the results, and the sort links so
// they keep the search. Without JavaScript the form submits to the same address.

const DEBOUNCE_MS = 120;
let timer: ReturnType<typeof setTimeout> | undefined;
let inFlight: AbortController | null = null;

async function search(form: HTMLFormElement): Promise<void> {
  const url = new URL(form.action, location.href);
  // The search and the order (a hidden field); empty ones stay out of the address.
  for (const [name, value] of new FormData(form)) {
    const text = String(value).trim();
    if (text) url.searchParams.set(name, text);
  }
  inFlight?.abort();
  const controller = (inFlight = new AbortController());
  try {
    const res = await fetch(url, { signal: controller.signal, headers: { Accept: 'text/html' } });
    if (!res.ok) throw new Error(`${res.status}`);
    const doc = new DOMParser().parseFromString(await res.text(), 'text/html');
    const fresh = doc.querySelector<HTMLElement>('[data-artist-results]');
    const current = document.querySelector('[data-artist-results]');
    if (!fresh || !current || controller.signal.aborted) return;
    current.replaceWith(document.adoptNode(fresh));
    const sortLinks = doc.querySelector('[data-artist-sort]');
    if (sortLinks) document.querySelector('[data-artist-sort]')?.replaceWith(document.adoptNode(sortLinks));
    history.replaceState(history.state, '', url.pathname + url.search);
    const status = document.querySelector('[data-artist-search-status]');
    if (status) status.textContent = fresh.dataset.summary ?? '';
  } catch (error) {
    // A newer search replaced this one, or the network failed: the last results stay.
    if ((error as Error).name !== 'AbortError') console.warn('artist search failed', error);
  }
}

function searchSoon(form: HTMLFormElement): void {
  clearTimeout(timer);
  timer = setTimeout(() => void search(form), DEBOUNCE_MS);
}

/** The `page.start` hook (site/lib/pageScripts.ts). */
export default function startArtistSearch(): void {
  document.addEventListener('input', (event) => {
    const input = event.target as HTMLInputElement;
    const form = input.matches?.('[data-artist-search]') ? input.form : null;
    if (form) searchSoon(form);
  });

  // This script starts after the first paint (site/lib/pageStart.ts): what was typed before it ran
  // differs from what the server rendered the results for.
  document.addEventListener('astro:page-load', () => {
    const input = document.querySelector<HTMLInputElement>('[data-artist-search]');
    if (input?.form && input.value !== input.defaultValue) searchSoon(input.form);
  });

  // Capture phase: before the ClientRouter's own submit handling would navigate.
  document.addEventListener(
    'submit',
    (event) => {
      const form = event.target as HTMLFormElement;
      if (!form.matches?.('[data-artist-search-form]')) return;
      event.preventDefault();
      clearTimeout(timer);
      void search(form);
    },
    true,
  );
}
