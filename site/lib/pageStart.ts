import { busy } from '../directives/busy.ts';
import { trackHydrations } from '../directives/hydration.ts';
import { holdIslandForms } from '../directives/islandForms.ts';
import { loadedAndPainted } from './loadedAndPainted.ts';

// Starts the page scripts (./pageScripts.ts: the client router, play buttons, tabs, the cards'
// listeners) and, on the pages that wait for it, the theme once the page has loaded and painted, so
// that neither their requests nor their evaluation stand before the largest paint
// (site/README.md, "Front-end delivery"). The scripts wait, inert, in the layout's
// <template id="page-scripts">; this module has no imports once bundled, so Astro inlines it and the
// page makes no script request before its first paint. A reader who interacts sooner gets them at
// once, and a click on a button they serve is held (busy meanwhile) and clicked again once they have
// run. Links and forms outside islands work natively until then. A form inside an island submits
// natively only when made to (`data-native-submit`): else its submit is held until the island has
// hydrated (site/directives/islandForms.ts).

const STARTED = Symbol.for('onetrack:page-scripts');
/** Set by the page scripts once every module of theirs has run (./pageScripts.ts). */
const RAN = Symbol.for('onetrack:page-scripts-ran');
const INTERACTIONS = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;
const capture = { capture: true, passive: true };

/**
 * The button a click must wait for the page scripts on: islands hold their own (site/directives/demand.ts), play
 * buttons aside.
 */
function pageButton(event: Event): HTMLButtonElement | null {
  const button = (event.target as Element | null)?.closest?.('button');
  if (!button || button.disabled || (button.type === 'submit' && button.form)) return null;
  if (button.closest('astro-island') && !button.hasAttribute('data-play-track')) return null;
  return button;
}

function startPageScripts(): void {
  // One held click: a second one while waiting would undo the first (a subscription toggled twice).
  let held: { button: HTMLButtonElement; idle: () => void } | null = null;
  const hold = (event: MouseEvent) => {
    const button = pageButton(event);
    if (!button) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    start();
    if (held) return;
    held = { button, idle: busy(button) };
  };
  const ran = () => {
    document.removeEventListener('click', hold, { capture: true });
    const replay = held;
    held = null;
    if (!replay) return;
    replay.idle();
    replay.button.click();
  };

  let started = false;
  function start(): void {
    if (started) return;
    started = true;
    for (const type of INTERACTIONS) document.removeEventListener(type, start, capture);
    // The theme, on the pages whose first screen is styled by their inlined rules (site/layouts/AppLayout.astro).
    for (const link of document.querySelectorAll<HTMLLinkElement>('link[data-after-paint]')) link.disabled = false;
    const template = document.getElementById('page-scripts') as HTMLTemplateElement;
    const scripts = document.importNode(template.content, true);
    // Not the script's load event: a module awaiting its messages at the top level (lib/i18n/vitePlugin.ts)
    // still runs when that fires. The name is written out, not imported: this module stays import-free.
    // They may have run already, brought in with an island's code: then nothing is announced any more.
    if ((window as unknown as Record<symbol, true>)[RAN]) queueMicrotask(ran);
    else document.addEventListener('onetrack:page-scripts-ran', ran, { once: true });
    document.body.append(scripts);
  }

  document.addEventListener('click', hold, { capture: true });
  for (const type of INTERACTIONS) document.addEventListener(type, start, capture);
  void loadedAndPainted.then(start);
}

/**
 * The theme on the pages that fetch it at once as a print sheet (site/layouts/AppLayout.astro),
 * applied once loaded. An onload attribute did this, but the policy runs no inline event handler
 * (api/http/csp.ts). This module runs deferred: the sheet may be in already.
 */
function applyThemeOnLoad(): void {
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[data-apply-on-load]')) {
    const apply = () => (link.media = 'all');
    if (link.sheet) apply();
    else link.addEventListener('load', apply, { once: true });
  }
}
applyThemeOnLoad();

// The client router runs each page's inline scripts again; the page scripts, the forms' hold and
// the router's wait for islands hydrating, delegating from the document, serve every page from the first.
const flags = window as unknown as Record<symbol, true>;
if (!flags[STARTED]) {
  flags[STARTED] = true;
  trackHydrations();
  holdIslandForms();
  startPageScripts();
}
