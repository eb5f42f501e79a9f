import { useStore } from '@nanostores/react';
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { formatDuration } from '../../../lib/time.ts';
import { useHydrated } from '../../../site/lib/useHydrated.ts';
import { WaveformBars } from '../../../site/components/WaveformBars.tsx';
import type { PlayerTrack } from '../../../lib/playerTrack.ts';
import { $current, $position, seek } from '../../../site/lib/player.ts';
import { seekIn } from '../../../site/lib/seekIn.ts';
import * as m from '../../../lib/i18n/messages.ts';

// The track page's waveform as a seek bar of the persistent player: click or drag anywhere to jump
// there (the track starts first if another one is playing), or focus it and use the arrow keys
// (5 s), Page Up/Down (10 %), Home and End: an ARIA slider. Without measured peaks it draws an even
// bar, and seeking works the same. Starting the track queues the page's tracks, as its Play button does. A press before
// it hydrated is replayed once it has (site/directives/demand.ts), so it starts the track there. Right to left
// (Arabic) the bars are mirrored (theme.scss), so time runs leftwards: a click measures from the right edge and the
// arrow keys follow what the eye sees (the left arrow goes forward), as an ARIA slider does in RTL.

interface Props {
  track: PlayerTrack;
  /** Peak levels 0–1 from the media worker, or null before it measured them. */
  peaks: number[] | null;
}

const KEY_STEP_SECONDS = 5;
const FLAT = Array.from({ length: 80 }, () => 0.35);

export default function WaveformSeek({ track, peaks }: Props) {
  // It hydrates when its track becomes the player's (site/directives/demand.ts): that render must
  // match the server's (no progress), then show it.
  const playing = useStore($current);
  const current = useHydrated() ? playing : null;
  const position = useStore($position);
  const [dragging, setDragging] = useState(false);
  const bar = useRef<HTMLDivElement>(null);
  const duration = track.duration;
  const here = current?.id === track.id ? Math.min(position, duration) : 0;
  const bars = peaks?.length ? peaks : FLAT;

  const rtl = () => getComputedStyle(bar.current!).direction === 'rtl';
  const secondsAt = (clientX: number) => {
    const box = bar.current!.getBoundingClientRect();
    const fromStart = rtl() ? box.right - clientX : clientX - box.left;
    return (Math.min(Math.max(0, fromStart), box.width) / box.width) * duration;
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    // A press replayed after hydration has no pointer left to capture (it would throw).
    if (event.nativeEvent.isTrusted) event.currentTarget.setPointerCapture(event.pointerId);
    setDragging(true);
    seekIn(track, secondsAt(event.clientX), event.currentTarget);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (dragging && current?.id === track.id) seek(secondsAt(event.clientX));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const forward = rtl() ? 'ArrowLeft' : 'ArrowRight';
    const back = rtl() ? 'ArrowRight' : 'ArrowLeft';
    const targets: Record<string, number> = {
      [forward]: here + KEY_STEP_SECONDS,
      ArrowUp: here + KEY_STEP_SECONDS,
      [back]: here - KEY_STEP_SECONDS,
      ArrowDown: here - KEY_STEP_SECONDS,
      PageUp: here + duration / 10,
      PageDown: here - duration / 10,
      Home: 0,
      End: duration,
    };
    if (!(event.key in targets)) return;
    event.preventDefault();
    seekIn(track, Math.min(Math.max(0, targets[event.key]), duration), event.currentTarget);
  };

  return (
    <div
      ref={bar}
      className="waveform-seek"
      role="slider"
      tabIndex={0}
      aria-label={m.waveform_seek({ title: track.title })}
      aria-valuemin={0}
      aria-valuemax={Math.round(duration)}
      aria-valuenow={Math.round(here)}
      aria-valuetext={m.player_position({ position: formatDuration(here), duration: formatDuration(duration) })}
      data-testid="waveform-seek"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={() => setDragging(false)}
      onPointerCancel={() => setDragging(false)}
      onKeyDown={onKeyDown}
    >
      <WaveformBars peaks={bars} progress={duration ? here / duration : 0} />
      <span className="waveform-seek-time" aria-hidden="true">
        <bdi dir="ltr">
          {formatDuration(here)} / {formatDuration(duration)}
        </bdi>
      </span>
    </div>
  );
}
