// Tab switching for site/components/Tabs.astro: click or arrow keys (Home/End too) select a tab
// and show its panel. One delegated listener serves every page.

function select(tab: HTMLElement, focus: boolean): void {
  const list = tab.closest('[role="tablist"]');
  const root = tab.closest('[data-tabs]');
  if (!list || !root) return;
  for (const other of list.querySelectorAll<HTMLElement>('[role="tab"]')) {
    const selected = other === tab;
    other.setAttribute('aria-selected', String(selected));
    other.tabIndex = selected ? 0 : -1;
    other.classList.toggle('active', selected);
    const panel = document.getElementById(other.getAttribute('aria-controls') ?? '');
    if (panel) panel.hidden = !selected;
  }
  if (focus) tab.focus();
}

document.addEventListener('click', (event) => {
  const tab = (event.target as Element | null)?.closest<HTMLElement>('[data-tabs] [role="tab"]');
  if (tab) select(tab, false);
});

document.addEventListener('keydown', (event) => {
  const tab = (event.target as Element | null)?.closest<HTMLElement>('[data-tabs] [role="tab"]');
  if (!tab) return;
  const tabs = [...tab.closest('[role="tablist"]')!.querySelectorAll<HTMLElement>('[role="tab"]')];
  const index = tabs.indexOf(tab);
  const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[event.key];
  if (next === undefined) return;
  event.preventDefault();
  select(tabs[(next + tabs.length) % tabs.length], true);
});
