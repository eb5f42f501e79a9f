// Countdown arithmetic and text, shared by the server render and the browser's ticking script.
// Pure and tiny on purpose: it ships on every page that shows an artist card.

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
  if (remainingMs <= 0) return 'LIVE!';
  const { days, hours, mins, secs } = countdownParts(remainingMs);
  return `${days > 0 ? `${days}d ` : ''}${pad(hours)}:${pad(mins)}:${pad(secs)}`;
}

export const FULL_COUNTDOWN_LIVE = 'Drop Available Now!';
export const FULL_COUNTDOWN_UNITS = ['Days', 'Hours', 'Mins', 'Secs'] as const;

/** The four boxes of the full view, two digits each (days may have more). */
export function fullCountdown(remainingMs: number): string[] {
  const { days, hours, mins, secs } = countdownParts(remainingMs);
  return [days, hours, mins, secs].map(pad);
}
