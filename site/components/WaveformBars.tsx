import { useId, type SVGProps } from 'react';
import { BAR_PITCH, WAVEFORM_HEIGHT, barsPath, playedWidth } from '../lib/waveform.ts';

// A track's peaks as bars (site/lib/waveform.ts), one path for all of them. Once something has
// played, a second path in the accent colour (`.played`) shows the bars played and the first one is
// clipped to the rest, so no edge is drawn twice (the muted colour would tint the played bars'
// edges). While nothing has played, as in the server's HTML, the one path is all there is.

interface Props extends SVGProps<SVGSVGElement> {
  peaks: number[];
  /** How much has played, 0–1. */
  progress: number;
}

export function WaveformBars({ peaks, progress, ...svg }: Props) {
  const id = useId();
  const width = peaks.length * BAR_PITCH;
  const played = playedWidth(peaks.length, progress);
  const bars = barsPath(peaks);
  return (
    <svg
      viewBox={`0 0 ${width} ${WAVEFORM_HEIGHT}`}
      preserveAspectRatio="none"
      aria-hidden="true"
      focusable="false"
      {...svg}
    >
      <path d={bars} clipPath={played > 0 ? `url(#${id}rest)` : undefined} />
      {played > 0 && (
        <>
          <clipPath id={`${id}played`}>
            <rect width={played} height={WAVEFORM_HEIGHT} />
          </clipPath>
          <clipPath id={`${id}rest`}>
            <rect x={played} width={width - played} height={WAVEFORM_HEIGHT} />
          </clipPath>
          <path d={bars} className="played" clipPath={`url(#${id}played)`} />
        </>
      )}
    </svg>
  );
}
