import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { Icon } from '../../../site/components/Icon.tsx';
import { apiRequest } from '../../../site/lib/api.ts';
import { seek } from '../../../site/lib/player.ts';
import type { PlayerTrack } from '../../../lib/playerTrack.ts';
import type { Lyrics } from '../service.ts';
import { LyricsLines } from './LyricsLines.tsx';
import { $playerAudio } from './playerAudio.ts';
import { useCurrentLine } from './useCurrentLine.ts';

type State = { trackId: number; lyrics: Lyrics | null } | 'loading' | 'failed';

/**
 * `player.views`: the player bar's Lyrics button and the panel it opens above the bar, the current
 * track's lyrics following the music. The lyrics are fetched when the panel opens (and again for
 * each track while it stays open); Escape closes it and gives focus back to the button.
 */
export default function PlayerLyrics({ track }: { track: PlayerTrack }) {
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<State>('loading');
  const button = useRef<HTMLButtonElement>(null);
  const audio = useStore($playerAudio);

  useEffect(() => {
    if (!open) return;
    let live = true;
    setState('loading');
    apiRequest<{ lyrics: Lyrics[] }>('GET', `/api/tracks/${track.id}/lyrics`)
      .then(({ lyrics }) => live && setState({ trackId: track.id, lyrics: lyrics[0] ?? null }))
      .catch(() => live && setState('failed'));
    return () => {
      live = false;
    };
  }, [open, track.id]);

  const lyrics = typeof state === 'object' ? state.lyrics : null;
  const moment = useCurrentLine(open ? audio : null, lyrics?.lines ?? [], lyrics?.offset ?? 0);
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  return (
    <>
      <button
        type="button"
        ref={button}
        className={`btn btn-icon player-lyrics-toggle${open ? ' is-open' : ''}`}
        aria-label="Lyrics"
        aria-expanded={open}
        aria-controls="player-lyrics"
        onClick={() => (open ? close() : setOpen(true))}
      >
        <Icon name="lyrics" />
      </button>
      {open && (
        <section
          id="player-lyrics"
          className="lyrics-panel surface-card"
          aria-label={`Lyrics of ${track.title}`}
          onKeyDown={(event) => event.key === 'Escape' && close()}
          data-testid="player-lyrics"
        >
          <div className="queue-panel-head">
            <h2 className="queue-panel-title">Lyrics</h2>
            <span className="text-secondary small text-truncate">{track.title}</span>
          </div>
          {state === 'loading' ? (
            <p className="text-secondary mb-0" role="status">
              Loading lyrics…
            </p>
          ) : state === 'failed' ? (
            <p className="text-secondary mb-0">The lyrics could not be loaded.</p>
          ) : !lyrics ? (
            <p className="text-secondary mb-0">No lyrics for this track.</p>
          ) : (
            <LyricsLines
              lines={lyrics.lines}
              moment={moment}
              label={`Lyrics of ${track.title}`}
              onSeek={lyrics.synced ? (ms) => seek((ms - lyrics.offset) / 1000) : undefined}
            />
          )}
        </section>
      )}
    </>
  );
}
