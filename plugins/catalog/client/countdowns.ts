import { compactCountdown, fullCountdown } from '../countdown.ts';

// Ticks every countdown on the page once a second (one timer for all of them, surviving
// client-side navigation because it looks the elements up on each tick).

export const TICK_MS = 1000;

function tick(): void {
  const now = Date.now();
  for (const el of document.querySelectorAll<HTMLElement>('[data-countdown]')) {
    const remaining = new Date(el.dataset.countdown!).getTime() - now;
    if (el.dataset.variant === 'compact') {
      const text = el.querySelector('[data-countdown-text]');
      if (text) text.textContent = compactCountdown(remaining);
      continue;
    }
    const live = remaining <= 0;
    el.querySelector<HTMLElement>('[data-countdown-live]')!.hidden = !live;
    el.querySelector<HTMLElement>('[data-countdown-boxes]')!.hidden = live;
    const values = fullCountdown(remaining);
    el.querySelectorAll<HTMLElement>('[data-unit]').forEach((box, i) => (box.textContent = values[i]));
  }
}

/** The `page.start` hook (site/lib/pageScripts.ts). */
export default function startCountdowns(): void {
  tick();
  setInterval(tick, TICK_MS);
  document.addEventListener('astro:page-load', tick);
}
