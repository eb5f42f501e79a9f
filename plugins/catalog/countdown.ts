// Countdown arithmetic and text, shared by the server render and the browser's ticking script.
// Pure and tiny on purpose: it ships on every page that shows an artist card (with its few messages).
import * as m from '../../lib/i18n/messages.ts';

export interface CountdownParts {
  days: number;
  hours: number;
  mins: number;
  secs: number;
}

export function countdownParts(remainingMs: number): CountdownParts {
  const total = Math.max(0, Math.floor(remainingMs / 1000));
  return {
    days: Math.floor(total / 86400),
    hours: Math.floor((total % 86400) / 3600),
    mins: Math.floor((total % 3600) / 60),
    secs: total % 60,
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Spec §2 compact view: days only when above 0, then HH:MM:SS; LIVE! once the time has come. */
export function compactCountdown(remainingMs: number): string {
  if (remainingMs <= 0) return m.countdown_live();
  const { days, hours, mins, secs } = countdownParts(remainingMs);
  const time = `${pad(hours)}:${pad(mins)}:${pad(secs)}`;
  return days > 0 ? m.countdown_compact_days({ days, time }) : time;
}

/** The full view's box labels, in the reader's language. */
export const fullCountdownUnits = () => [
  m.countdown_days(),
  m.countdown_hours(),
  m.countdown_mins(),
  m.countdown_secs(),
];

/** The four boxes of the full view, two digits each (days may have more). */
export function fullCountdown(remainingMs: number): string[] {
  const { days, hours, mins, secs } = countdownParts(remainingMs);
  return [days, hours, mins, secs].map(pad);
}
