// A track's peaks as bars (the track page's waveform, the player bar's; site/components/WaveformBars.tsx):
// 2 units wide with a 1-unit gap and rounded ends, centred in a box 40 units high that the element
// stretches. One path's data draws them all, not a <rect> each: the track page's first screen held
// 160 of them (issue 12).

export const BAR_PITCH = 3;
export const WAVEFORM_HEIGHT = 40;
const BAR_WIDTH = 2;
/** The ends' radius, as `rx="1"` gave each bar's rect before: a half ellipse on a 2-unit bar. */
const RADIUS = 1;

/** Two decimals at most: a hundredth of a unit is far below a pixel, and the path stays short. */
const short = (value: number) => String(Math.round(value * 100) / 100);

/** The bars as one path's data, bar i from x = 3i, each at least 1 unit high. */
export function barsPath(peaks: number[]): string {
  return peaks
    .map((peak, i) => {
      const height = Math.max(1, peak * WAVEFORM_HEIGHT);
      // A bar shorter than its ends' diameter gets flatter ends, as a rect's ry is capped at half its height.
      const ry = Math.min(RADIUS, height / 2);
      const arc = `a${RADIUS} ${short(ry)} 0 0 1`;
      const top = (WAVEFORM_HEIGHT - height) / 2;
      return `M${i * BAR_PITCH} ${short(top + ry)}${arc} ${BAR_WIDTH} 0v${short(height - 2 * ry)}${arc}-${BAR_WIDTH} 0z`;
    })
    .join('');
}

/** How many bars count as played at `progress` (0–1): a bar is once half of it is. */
export function barsPlayed(bars: number, progress: number): number {
  return Math.min(bars, Math.max(0, Math.round(progress * bars)));
}
