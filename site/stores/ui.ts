import { atom } from 'nanostores';
import { demand } from '../lib/demand.ts';

const STORAGE_KEY = 'onetrack.sidebarExpanded';
const MOBILE_QUERY = '(max-width: 767.98px)';

/** Desktop: the sidebar shows labels when expanded, icons only otherwise (remembered). */
export const $sidebarExpanded = atom(true);
/** Below 768 px the sidebar is an overlay drawer. */
export const $drawerOpen = atom(false);

/**
 * The sidebar and top bar hydrate on demand (site/directives/demand.ts); at once when they show
 * something the server could not: a collapsed sidebar saved in this browser, a signed-in reader's
 * live counts (the pollers' stores).
 */
export function demandShellWhenShown(): void {
  // Until the top bar hydrates, its toggle tells the truth on phones too: the drawer is closed.
  if (phoneLayout().matches)
    document
      .querySelector('.topbar [aria-controls="sidebar"]')
      ?.setAttribute('aria-expanded', String($drawerOpen.get()));
  if (localStorage.getItem(STORAGE_KEY) === 'false' || document.body.hasAttribute('data-signed-in')) demand('shell');
}

/** Whether the sidebar is the phone's drawer (what the top bar's toggle then opens and reports). */
export function phoneLayout(): MediaQueryList {
  return window.matchMedia(MOBILE_QUERY);
}

export function restoreSidebar(): void {
  $sidebarExpanded.set(localStorage.getItem(STORAGE_KEY) !== 'false');
}

/** The top bar's toggle: opens the drawer on phones, expands or collapses the sidebar on desktop. */
export function toggleSidebar(): void {
  if (phoneLayout().matches) {
    $drawerOpen.set(!$drawerOpen.get());
    return;
  }
  const expanded = !$sidebarExpanded.get();
  $sidebarExpanded.set(expanded);
  localStorage.setItem(STORAGE_KEY, String(expanded));
}

export function closeDrawer(): void {
  $drawerOpen.set(false);
}
