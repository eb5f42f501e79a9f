import { busy } from './busy.ts';
import { committed } from './committed.ts';

// Forms inside islands before React has hydrated them (docs/architecture.md, "Front-end delivery").
// Started by the page scripts' starter (site/lib/pageStart.ts), which runs before anything else on every page, so this covers
// every directive (`client:load`, `client:demand`, `client:paint`).
//
// - Until then a form has no submit handler: submitted natively it would reload the page, losing
//   what was typed, or go where the server-rendered form points. So its submit (a submit button's
//   click, Enter in a field) is held, the submitter `aria-busy` meanwhile, and made again once the
//   island is ready (below), as if the reader had waited. Islands hold their other buttons' clicks
//   themselves (./demand.ts) and let submit buttons' clicks through to this.
// - React hydrating a controlled field keeps what it shows but not in its state: what was typed
//   before is lost on the next render, or sent as empty. So once the island's hydration is committed,
//   each field that no longer holds what the server rendered is entered again as an edit React sees
//   (its onChange runs), before any held submit is made.

/** Per island hydrating: its hydration committed and the fields' edits made before it replayed. */
const ready = new WeakMap<Element, Promise<void>>();

/** True until the island is ready: Astro has not hydrated it yet (`ssr`), or React not committed it. */
const preparing = (island: Element) => island.hasAttribute('ssr') || ready.has(island);

/** A value set through the element's prototype: React's own setter on the element would note it as its state. */
function setUnnoticed(field: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')!.set!.call(field, value);
}

/** Replays the edits made before hydration to the island's fields, as the reader's. */
function reenter(island: Element): void {
  // All read first: the render after one field's onChange sets the others to what React's state
  // holds, wiping what they show.
  const edited = [...island.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')].filter((field) =>
    field.type === 'checkbox' || field.type === 'radio'
      // A radio button checked before hydration unchecks the rest of its group: replay only that one.
      ? field.checked !== field.defaultChecked && (field.type === 'checkbox' || field.checked)
      : field.type !== 'file' && field.value !== field.defaultValue,
  ).map((field) => ({ field, value: field.value, checked: field.checked }));
  for (const { field, value, checked } of edited) {
    if (field.type === 'checkbox' || field.type === 'radio') {
      field.checked = !checked;
      field.click();
    } else {
      field.value = field.defaultValue;
      setUnnoticed(field, value);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }
}

export function holdIslandForms(): void {
  // `astro:hydrate` does not bubble; a capture listener still hears it from every island.
  document.addEventListener('astro:hydrate', (event) => {
    const island = event.target as HTMLElement;
    ready.set(island, committed(island).then(() => {
      reenter(island);
      ready.delete(island);
    }));
  }, { capture: true });

  const held = new WeakSet<HTMLFormElement>();
  document.addEventListener('submit', (event) => {
    const form = event.target as HTMLFormElement;
    const island = form.closest<HTMLElement>('astro-island');
    if (!island || !preparing(island)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    // One held submit per form: pressing again while waiting changes nothing.
    if (held.has(form)) return;
    held.add(form);
    const submitter = event.submitter;
    const idle = busy(submitter ?? form);
    const replay = () => {
      idle();
      held.delete(form);
      if (form.isConnected) form.requestSubmit(submitter && form.contains(submitter) ? submitter : null);
    };
    // On `astro:hydrate`, after the capture listener above has set the island's promise.
    if (ready.has(island)) void ready.get(island)!.then(replay);
    else island.addEventListener('astro:hydrate', () => void ready.get(island)!.then(replay), { once: true });
  }, { capture: true });
}
