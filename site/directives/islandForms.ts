import { busy } from './busy.ts';
import { committed, dehydrated } from './committed.ts';

// Forms inside islands before React has hydrated them (site/README.md, "Front-end delivery").
// Started by the page scripts' starter (site/lib/pageStart.ts), which runs before anything else on
// every page, so this covers every directive (`client:load`, `client:demand`, `client:paint`).
//
// - Until then a form has no submit handler: submitted natively it would reload the page, losing
//   what was typed, or go where the server-rendered form points. So its submit (a submit button's
//   click, Enter in a field) is held, the submitter `aria-busy` meanwhile, and made again once the
//   island is ready (below), as if the reader had waited. Other buttons' clicks are held alike:
//   `client:demand` islands hold them themselves (./demand.ts), the rest are held here.
// - React hydrating a controlled field keeps what it shows but not in its state (it takes what the
//   field shows as unchanged): what was typed before is sent as empty, and wiped by the next render.
//   So what the fields hold when Astro starts hydrating the island, and what is typed while React is
//   still at it, is noted, and once React has committed entered again as edits React sees (the
//   fields' onChange runs), before any held submit is made. Noted rather than read then: a render
//   right after the commit (another island's store, one field's onChange) may have wiped them.

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
const FIELDS = 'input, textarea, select';
/** What the reader entered into a field: its value, or a checkbox or radio button's state. */
type Entry = { value: string; checked: boolean };

/** The islands React is hydrating, until what was entered into them is entered again. */
const hydrating = new WeakMap<Element, { entries: Map<Field, Entry>; ready: Promise<void> }>();

/** True until the island is ready: Astro has not started hydrating it (`ssr`), or React is at it. */
const preparing = (island: Element) => island.hasAttribute('ssr') || hydrating.has(island);

const checkable = (field: Field): field is HTMLInputElement => field.type === 'checkbox' || field.type === 'radio';
const selectable = (field: Field): field is HTMLSelectElement => field.tagName === 'SELECT';
// A file input's value can only be cleared by a script: what the reader chose there is not entered again.
const fileInput = (field: Field) => field.type === 'file';
// A form that works before JavaScript has uncontrolled fields: what was typed stays theirs, React
// hydrating them or not, so nothing there is entered again.
const nativeField = (field: Field) => !!field.form?.hasAttribute('data-native-submit');

/** The value a select shows as the server rendered it: its `selected` option's, or else its first's. */
function renderedChoice(select: HTMLSelectElement): string {
  const options = [...select.options];
  return (options.find((option) => option.defaultSelected) ?? options[0])?.value ?? '';
}
const entryOf = (field: Field): Entry => ({ value: field.value, checked: checkable(field) && field.checked });

/** Whether the field holds something other than what the server rendered. */
function edited(field: Field): boolean {
  // A radio button checked unchecks the rest of its group: only that one counts.
  if (checkable(field)) return field.checked !== field.defaultChecked && (field.type === 'checkbox' || field.checked);
  if (selectable(field)) return field.value !== renderedChoice(field);
  return !fileInput(field) && field.value !== field.defaultValue;
}

/** Enters it again as the reader's edit. */
function reenter(field: Field, { value, checked }: Entry): void {
  if (checkable(field)) {
    // React's setter on the element notes the other state; the click sets this one, a change then.
    field.checked = !checked;
    field.click();
    return;
  }
  // React keeps no copy of a select's value to compare with: its change event is the edit.
  if (selectable(field)) {
    field.value = value;
    field.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  // React's setter on the element notes another value; this one, set past it through the
  // prototype's setter, then reads as an edit.
  field.value = `${value} `;
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')!.set!.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

export function holdIslandForms(): void {
  // `astro:hydrate` does not bubble; a capture listener still hears it from every island. Until
  // then React has not touched the island: its fields show what the reader entered.
  document.addEventListener(
    'astro:hydrate',
    (event) => {
      const island = event.target as HTMLElement;
      const entries = new Map(
        [...island.querySelectorAll<Field>(FIELDS)]
          .filter((field) => !nativeField(field) && edited(field))
          .map((field) => [field, entryOf(field)]),
      );
      const ready = committed(island).then(() => {
        hydrating.delete(island);
        for (const [field, entry] of entries) if (field.isConnected) reenter(field, entry);
      });
      hydrating.set(island, { entries, ready });
    },
    { capture: true },
  );
  for (const type of ['input', 'change']) {
    document.addEventListener(
      type,
      (event) => {
        const field = event.target as Field;
        const island = field.closest?.('astro-island') as HTMLElement | null;
        if (!island || !hydrating.has(island) || fileInput(field) || nativeField(field)) return;
        // An event on an island React is still hydrating makes React finish it there and then, which
        // sets a select back to the choice in its state before the event goes on: what a later event
        // finds in it is React's, not the reader's.
        if (selectable(field) && !dehydrated(island)) return;
        hydrating.get(island)!.entries.set(field, entryOf(field));
      },
      { capture: true },
    );
  }

  const held = new WeakSet<Element>();
  /** Islands with a held click not yet made again. */
  const clicksHeld = new WeakSet<Element>();
  /** Holds the event on the element until its island is ready, then calls `again`; one at a time per element. */
  const hold = (event: Event, island: HTMLElement, element: Element, busyOn: Element, again: () => void) => {
    event.preventDefault();
    event.stopImmediatePropagation();
    // Pressing again while waiting changes nothing (a second click would undo the first).
    if (held.has(element)) return;
    held.add(element);
    const idle = busy(busyOn);
    // In a task of its own: React commits what one replay did (the demo box filling the fields) in a
    // microtask after it, which the next one (a submit held meanwhile) must see.
    const replay = () =>
      setTimeout(() => {
        idle();
        held.delete(element);
        if (element.isConnected) again();
      });
    // On `astro:hydrate`, after the capture listener above has noted the island.
    if (hydrating.has(island)) void hydrating.get(island)!.ready.then(replay);
    else island.addEventListener('astro:hydrate', () => void hydrating.get(island)!.ready.then(replay), { once: true });
  };

  document.addEventListener(
    'submit',
    (event) => {
      const form = event.target as HTMLFormElement;
      const island = form.closest<HTMLElement>('astro-island');
      // A form that posts to a route taking it (`data-native-submit`) works before hydration as it
      // is, unless a click held in its island (the demo box filling it) must land first.
      if (!island || !preparing(island) || (form.hasAttribute('data-native-submit') && !clicksHeld.has(island))) return;
      const submitter = event.submitter;
      hold(event, island, form, submitter ?? form, () =>
        form.requestSubmit(submitter && form.contains(submitter) ? submitter : null),
      );
    },
    { capture: true },
  );

  // The other buttons of an island hydrating at once (`client:load`): `client:demand` islands hold
  // theirs (./demand.ts), play buttons are the page scripts' (./pageStart.ts).
  document.addEventListener(
    'click',
    (event) => {
      const button = (event.target as Element | null)?.closest?.('button');
      const island = button?.closest<HTMLElement>('astro-island');
      if (!button || !island || island.getAttribute('client') === 'demand' || !preparing(island)) return;
      if ((button.type === 'submit' && button.form) || button.hasAttribute('data-play-track')) return;
      clicksHeld.add(island);
      hold(event, island, button, button, () => {
        clicksHeld.delete(island);
        button.click();
      });
    },
    { capture: true },
  );
}
