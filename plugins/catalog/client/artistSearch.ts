// The directory's search (spec §5): case-insensitive match of the text against name or genre,
// filtering the server-rendered cards as the fan types.

export function matches(haystack: string, query: string): boolean {
  return haystack.includes(query.trim().toLowerCase());
}

document.addEventListener('input', (event) => {
  const input = event.target as HTMLInputElement;
  if (!input.matches?.('[data-artist-search]')) return;
  let shown = 0;
  for (const card of document.querySelectorAll<HTMLElement>('[data-artist-card]')) {
    const visible = matches(card.dataset.search ?? '', input.value);
    card.hidden = !visible;
    if (visible) shown++;
  }
  document.getElementById('artists-empty')!.hidden = shown > 0;
  const status = document.querySelector('[data-artist-search-status]');
  if (status) status.textContent = `${shown} artist${shown === 1 ? '' : 's'} found`;
});
