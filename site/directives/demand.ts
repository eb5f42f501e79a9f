import type { ClientDirective } from 'astro';
import { busy } from './busy.ts';
import { demand, whenDemanded } from '../lib/demand.ts';
import { loadedAndPainted } from '../lib/loadedAndPainted.ts';
import { allHydrated, firstStart, hydrateIsland } from './hydration.ts';

// `client:demand`: hydrates an island only when it has something to do (site/README.md,
// "Front-end delivery"), so a reader who only reads never downloads React:
// - on the first interaction inside it (pointer or key down, a touch, focus), links aside: they
//   navigate natively and the router waits for islands still hydrating (./hydration.ts). Pointing
//   at it fetches its code ahead.
// - when the page demands one of the names the directive's value lists, space-separated
//   (`client:demand="player"`, site/lib/demand.ts): a track set, a toast shown, a saved queue. An
//   interaction demands the island's names too, so islands that share stores (the sidebar and the
//   top bar, "shell") hydrate together.
// A button clicked before hydration is committed is held (busy meanwhile) and clicked again, found
// by its position among the island's buttons, once every island hydrating is committed (a replayed
// click may update another island's store). A submit button of a form and a play button keep their
// own way: the form's submit is held by the starter (./islandForms.ts), the play buttons' listener
// is a page script. Likewise the last press on a slider (the track page's waveform) before the
// island committed is replayed as a press at the same point along it, so it seeks there (and starts
// that track) instead of only waking the island.

const INTERACTIONS = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

/** True when the event is on something of the island's own (not a link, which works without it). */
function ownTarget(event: Event, el: HTMLElement): boolean {
  const target = event.target as Element | null;
  const link = target?.closest?.('a[href]');
  return !link || !el.contains(link);
}

/** The button a click before hydration must be replayed on, if any. */
function heldButton(event: Event, el: HTMLElement): HTMLButtonElement | null {
  const button = (event.target as Element | null)?.closest?.('button');
  if (!button || !el.contains(button) || button.disabled || button.hasAttribute('data-play-track')) return null;
  if (button.type === 'submit' && button.form) return null;
  return button;
}

/** Where along one of the island's sliders a press fell (a custom slider does nothing before hydration). */
function pressOn(event: PointerEvent, el: HTMLElement): { index: number; fraction: number } | null {
  const slider = (event.target as Element | null)?.closest?.('[role="slider"]');
  if (!slider || !el.contains(slider) || event.button !== 0) return null;
  const box = slider.getBoundingClientRect();
  return {
    index: [...el.querySelectorAll('[role="slider"]')].indexOf(slider),
    fraction: (event.clientX - box.left) / box.width,
  };
}

const demandDirective: ClientDirective = (load, options, el: HTMLElement) => {
  if (!firstStart(el)) return;
  const names = typeof options.value === 'string' ? options.value.split(/\s+/).filter(Boolean) : [];
  const listening = new AbortController();
  const on = { signal: listening.signal, capture: true, passive: true };

  let warmed = false;
  const warm = (event: Event) => {
    if (warmed || !ownTarget(event, el)) return;
    warmed = true;
    void load();
  };
  el.addEventListener('pointerover', warm, on);

  // One held click: a second one while waiting would undo the first (a like toggled twice).
  let held: { index: number; focused: boolean; idle: () => void } | null = null;
  const hold = (event: MouseEvent) => {
    const button = heldButton(event, el);
    if (!button) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (held) return;
    held = {
      index: [...el.querySelectorAll('button')].indexOf(button),
      focused: document.activeElement === button,
      idle: busy(button),
    };
  };
  el.addEventListener('click', hold, { signal: listening.signal, capture: true });

  // The last press on a slider until the island committed (later ones are the island's own), kept
  // as a fraction of its width: the layout may move it meanwhile.
  const committing = new AbortController();
  let pressed: ReturnType<typeof pressOn> = null;
  el.addEventListener('pointerdown', (event) => (pressed = pressOn(event, el) ?? pressed), {
    ...on,
    signal: committing.signal,
  });

  let started = false;
  let stopWaiting = () => {};
  const start = async (interaction: boolean) => {
    if (started) return;
    started = true;
    // Marks the island on its way (site tests wait for such islands to be hydrated).
    el.setAttribute('demanded', '');
    stopWaiting();
    for (const type of INTERACTIONS) el.removeEventListener(type, interacted, { capture: true });
    if (!interaction) await loadedAndPainted;
    await hydrateIsland(load, el);
    committing.abort();
    await allHydrated();
    listening.abort();
    const slider = pressed && el.querySelectorAll('[role="slider"]')[pressed.index];
    if (slider) {
      const box = slider.getBoundingClientRect();
      const at = {
        bubbles: true,
        clientX: box.left + pressed!.fraction * box.width,
        clientY: box.top + box.height / 2,
      };
      for (const type of ['pointerdown', 'pointerup']) slider.dispatchEvent(new PointerEvent(type, at));
    }
    const replay = held;
    if (!replay) return;
    replay.idle();
    const button = el.querySelectorAll('button')[replay.index];
    if (!button) return;
    button.click();
    if (replay.focused) button.focus();
  };
  function interacted(event: Event) {
    if (!ownTarget(event, el)) return;
    void start(true);
    // Its companions (the islands waiting on the same names) start with it.
    demand(...names);
  }
  for (const type of INTERACTIONS) el.addEventListener(type, interacted, { capture: true, passive: true });
  if (names.length > 0) stopWaiting = whenDemanded(names, () => void start(false));
};

export default demandDirective;

declare module 'astro' {
  interface AstroClientDirectives {
    'client:demand'?: boolean | string;
  }
}
