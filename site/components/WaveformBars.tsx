import { useId, type SVGProps } from 'react';
import { BAR_PITCH, WAVEFORM_HEIGHT, barsPath, barsPlayed } from '../lib/waveform.ts';

// A track's peaks as bars (site/lib/waveform.ts), one path for all of them. The played part is the
// same path again in the accent colour (`.played`), clipped to the bars played; it is not rendered
// while nothing has played, so the server's HTML and the hydrating render have just the one path.

interface Props extends SVGProps<SVGSVGElement> {
  peaks: number[];
  /** How much has played, 0–1. */
  progress: number;
}

export function WaveformBars({ peaks, progress, ...svg }: Props) {
  const id = useId();
  const played = barsPlayed(peaks.length, progress);
  return (
    <svg viewBox={`0 0 ${peaks.length * BAR_PITCH} ${WAVEFORM_HEIGHT}`} preserveAspectRatio="none" aria-hidden="true" focusable="false" {...svg}>
      <path id={`${id}bars`} d={barsPath(peaks)} />
      {played > 0 && (
        <>
          <clipPath id={`${id}played`}>
            <rect width={played * BAR_PITCH} height={WAVEFORM_HEIGHT} />
          </clipPath>
          <use href={`#${id}bars`} className="played" clipPath={`url(#${id}played)`} />
        </>
      )}
    </svg>
  );
}
