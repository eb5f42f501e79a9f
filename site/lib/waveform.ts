// A track's peaks as bars (the track page's waveform, the player bar's; site/components/WaveformBars.tsx):
// 2 units wide with a 1-unit gap and rounded ends, centred in a box 40 units high that the element
// stretches. One path's data draws them all, not a <rect> each: the track page's first screen held
// 160 of them (issue 12).

export const BAR_PITCH = 3;
export const WAVEFORM_HEIGHT = 40;
const BAR_WIDTH = 2;
/** The ends' radius, as `rx="1"` gave each bar's rect before: a half ellipse on a 2-unit bar. */
const RADIUS = 1;

/** Tenths: a tenth of a unit is about a tenth of a pixel at the track page's 48 px, and the path stays short. */
const tenths = (value: number) => Math.round(value * 10) / 10;

/**
 * The bars as one path's data, bar i from x = 3i, each at least 1 unit high. Each bar after the
 * first starts with a move relative to the one before (a `z` brings the pen back to its bar's
 * start), and the arcs' flags go unseparated: a third of the bytes of absolute, spaced commands.
 */
export function barsPath(peaks: number[]): string {
  let pen = 0;
  return peaks
    .map((peak, i) => {
      const height = Math.max(1, peak * WAVEFORM_HEIGHT);
      // A bar shorter than its ends' diameter gets flatter ends, as a rect's ry is capped at half its height.
      const ry = Math.min(RADIUS, height / 2);
      // Both ends rounded, not the length between them: each edge is within half a tenth.
      const start = tenths((WAVEFORM_HEIGHT - height) / 2 + ry);
      const end = tenths((WAVEFORM_HEIGHT + height) / 2 - ry);
      const rise = tenths(start - pen);
      const move = i === 0 ? `M0 ${start}` : `m${BAR_PITCH}${rise < 0 ? '' : ' '}${rise}`;
      pen = start;
      const arc = `a${RADIUS} ${tenths(ry)} 0 01`;
      return `${move}${arc}${BAR_WIDTH} 0v${tenths(end - start)}${arc}-${BAR_WIDTH} 0z`;
    })
    .join('');
}

/**
 * How wide the played part is at `progress` (0–1), in units: up to the middle of the gap after the
 * last bar played (a bar counts once half of it is), so no edge of it touches a bar's edge.
 */
export function playedWidth(bars: number, progress: number): number {
  const played = Math.min(bars, Math.max(0, Math.round(progress * bars)));
  return played === 0 ? 0 : played * BAR_PITCH - (BAR_PITCH - BAR_WIDTH) / 2;
}
