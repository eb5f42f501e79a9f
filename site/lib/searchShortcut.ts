// "/" focuses the top bar's search, as on most sites with one, unless the key is typed into a field.

const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || target.closest('input, textarea, select, [contenteditable]') !== null);

document.addEventListener('keydown', (event) => {
  if (
    event.key !== '/' ||
    event.ctrlKey ||
    event.metaKey ||
    event.altKey ||
    event.defaultPrevented ||
    typing(event.target)
  )
    return;
  const field = document.querySelector<HTMLInputElement>('.topbar-search input[type="search"]');
  if (!field) return;
  event.preventDefault();
  field.focus();
});
