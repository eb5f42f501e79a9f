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

import * as m from '../../../lib/i18n/messages.ts';
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
        aria-label={m.lyrics_title()}
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
          aria-label={m.lyrics_of({ title: track.title })}
          onKeyDown={(event) => event.key === 'Escape' && close()}
          data-testid="player-lyrics"
        >
          <div className="queue-panel-head">
            <h2 className="queue-panel-title">{m.lyrics_title()}</h2>
            <span className="text-secondary small text-truncate">{track.title}</span>
          </div>
          {state === 'loading' ? (
            <p className="text-secondary mb-0" role="status">
              {m.lyrics_loading()}
            </p>
          ) : state === 'failed' ? (
            <p className="text-secondary mb-0">{m.lyrics_failed()}</p>
          ) : !lyrics ? (
            <p className="text-secondary mb-0">{m.lyrics_none()}</p>
          ) : (
            <LyricsLines
              lines={lyrics.lines}
              moment={moment}
              label={m.lyrics_of({ title: track.title })}
              onSeek={lyrics.synced ? (ms) => seek((ms - lyrics.offset) / 1000) : undefined}
            />
          )}
        </section>
      )}
    </>
  );
}
