import { navigate, type Options } from 'astro:transitions/client';

// The click and submit handling of Astro's <ClientRouter /> script, as a module the page scripts
// import after the first paint (site/lib/pageStart.ts): the component's own script is a head module
// script, run before the first paint. Until this runs, links and forms work natively. The fallback
// is always `animate` (site/components/Router.astro), so the router is on in every browser.

let lastClickedElementLeavingWindow: EventTarget | null = null;

const isReloadEl = (el: HTMLElement | SVGAElement): boolean => el.dataset.astroReload !== undefined;

/** A click meant for another tab or window, or a download: the browser's own. */
const leavesWindow = (ev: MouseEvent): boolean =>
  ev.button !== 0 || ev.metaKey || ev.ctrlKey || ev.altKey || ev.shiftKey;

document.addEventListener('click', (ev) => {
  let link: EventTarget | null = ev.target;
  lastClickedElementLeavingWindow = leavesWindow(ev) ? link : null;
  if (ev.composed) link = ev.composedPath()[0];
  if (link instanceof Element) link = link.closest('a, area');
  if (!(link instanceof HTMLAnchorElement) && !(link instanceof SVGAElement) && !(link instanceof HTMLAreaElement))
    return;
  const linkTarget = link instanceof HTMLElement ? link.target : link.target.baseVal;
  const href = link instanceof HTMLElement ? link.href : link.href.baseVal;
  if (
    isReloadEl(link) ||
    link.hasAttribute('download') ||
    // A link within the page (the skip link) is the browser's: it moves where Tab goes next, which
    // the router's scroll did not (Tab went on through the sidebar).
    link.getAttribute('href')?.startsWith('#') ||
    !href ||
    (linkTarget && linkTarget !== '_self') ||
    new URL(href, location.href).origin !== location.origin ||
    lastClickedElementLeavingWindow ||
    ev.defaultPrevented
  ) {
    return;
  }
  ev.preventDefault();
  void navigate(href, { history: link.dataset.astroHistory === 'replace' ? 'replace' : 'auto', sourceElement: link });
});

document.addEventListener('submit', (ev) => {
  const el = ev.target as HTMLElement;
  const submitter = ev.submitter;
  const clickedWithKeys = submitter && submitter === lastClickedElementLeavingWindow;
  lastClickedElementLeavingWindow = null;
  if (el.tagName !== 'FORM' || ev.defaultPrevented || isReloadEl(el) || clickedWithKeys) return;
  const form = el as HTMLFormElement;
  const formData = new FormData(form, submitter);
  // form.action and form.method can be shadowed by inputs named "action" or "method".
  const formAction = typeof form.action === 'string' ? form.action : form.getAttribute('action');
  const formMethod = typeof form.method === 'string' ? form.method : form.getAttribute('method');
  let action = submitter?.getAttribute('formaction') ?? formAction ?? location.pathname;
  const method = submitter?.getAttribute('formmethod') ?? formMethod ?? 'get';
  if (method === 'dialog' || location.origin !== new URL(action, location.href).origin) return;
  const options: Options = { sourceElement: submitter ?? form };
  if (method === 'get') {
    const url = new URL(action);
    url.search = new URLSearchParams(formData as unknown as Record<string, string>).toString();
    action = url.toString();
  } else {
    options.formData = formData;
  }
  ev.preventDefault();
  void navigate(action, options);
});

/** What identifies a stylesheet across pages: the router keeps one whose link or text the next page repeats. */
const sheetKey = (el: Element): string | null => {
  if (el instanceof HTMLLinkElement && el.rel === 'stylesheet') return `link ${el.getAttribute('href')}`;
  if (el instanceof HTMLStyleElement) return `style ${el.textContent}`;
  return null;
};

/**
 * Puts the head's stylesheets in the next page's order. Astro's swap keeps a stylesheet the next page
 * repeats where it was and appends the rest, so that page's inlined first-screen rules (another set than
 * the last page's) came after the theme and won the cascade against the theme's later rules: the vault's
 * stat cards stacked full width after Home. Kept links stay put (moved, one would be applied anew) and
 * the inline styles move around them.
 */
function orderSheetsAs(next: Element[]) {
  const live = new Map<string, Element>();
  for (const el of document.head.children) {
    const key = sheetKey(el);
    if (key) live.set(key, el);
  }
  let pending: Element[] = [];
  let lastLink: Element | null = null;
  for (const wanted of next) {
    const key = sheetKey(wanted);
    const el = key && (wanted.isConnected ? wanted : live.get(key));
    if (!el) continue;
    if (el instanceof HTMLLinkElement) {
      el.before(...pending);
      pending = [];
      lastLink = el;
    } else {
      pending.push(el);
    }
  }
  if (lastLink) lastLink.after(...pending);
}

document.addEventListener('astro:before-swap', (ev) => {
  const next = [...ev.newDocument.head.children];
  const swap = ev.swap;
  ev.swap = () => {
    swap();
    orderSheetsAs(next);
  };
});
