import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Icon } from '../components/Icon.tsx';
import { WaveformBars } from '../components/WaveformBars.tsx';
import {
  $current,
  $duration,
  $liked,
  $needsTap,
  $playing,
  $position,
  $volume,
  $waveform,
  attachAudio,
  isSpaceForPlayer,
  next,
  previous,
  seek,
  setVolumePercent,
  skip,
  SKIP_SECONDS,
  toggleLike,
  togglePlay,
} from '../lib/player.ts';
import { $queue, $queueIndex } from '../lib/queue.ts';
import { formatDuration } from '../../lib/time.ts';
import { useHydrated } from '../lib/useHydrated.ts';
import { QueuePanel } from './QueuePanel.tsx';
import { IslandSlot } from '../components/IslandSlot.tsx';
import playerViews from 'virtual:onetrack/islands/player.views';
import * as m from '../../lib/i18n/messages.ts';
import { localeHref } from '../../lib/i18n/runtime.ts';

/**
 * The bottom player bar. The layout persists this island across navigation, so its <audio>
 * element (and the music) survives page changes; it renders no bar while there is no track.
 */
export default function Player() {
  const audioRef = useRef<HTMLAudioElement>(null);
  // A play button clicked before this island hydrated (it hydrates after the first paint) has
  // already set the track: the hydrating render must still match the server's (no bar), then show it.
  const current = useStore($current);
  const track = useHydrated() ? current : null;
  const playing = useStore($playing);
  const needsTap = useStore($needsTap);
  const liked = useStore($liked);
  const position = useStore($position);
  const duration = useStore($duration);
  const volume = useStore($volume);
  const waveform = useStore($waveform);
  const queue = useStore($queue);
  const index = useStore($queueIndex);
  const [queueOpen, setQueueOpen] = useState(false);
  const queueButton = useRef<HTMLButtonElement>(null);
  const closeQueue = () => {
    setQueueOpen(false);
    queueButton.current?.focus();
  };
  const dismissQueue = useCallback(() => setQueueOpen(false), []);

  useEffect(() => {
    if (audioRef.current) attachAudio(audioRef.current);
    const onKey = (event: KeyboardEvent) => {
      if (!$current.get() || !isSpaceForPlayer(event)) return;
      event.preventDefault();
      togglePlay();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  // The client router swaps in a new <body> on navigation: mark each one.
  useEffect(() => {
    const mark = () => document.body.classList.toggle('has-player', !!track);
    mark();
    document.addEventListener('astro:after-swap', mark);
    return () => document.removeEventListener('astro:after-swap', mark);
  }, [track]);

  return (
    <>
      <audio ref={audioRef} preload="auto" data-testid="player-audio" />
      {track && (
        <section className="player-bar" aria-label={m.player_label()}>
          <div className="player-track">
            <img className="player-cover" src={track.coverImage} alt="" width={48} height={48} />
            <div className="player-meta">
              <a
                className="player-title"
                href={localeHref(track.exclusive ? `/artist/${track.artist.id}` : `/tracks/${track.id}`)}
              >
                {track.title}
              </a>
              <a className="player-artist" href={localeHref(`/artist/${track.artist.id}`)}>
                {track.artist.name}
              </a>
            </div>
            {!track.exclusive && (
              <button
                type="button"
                className={`btn btn-icon player-like${liked ? ' is-liked' : ''}`}
                aria-label={liked ? m.player_unlike({ title: track.title }) : m.player_like({ title: track.title })}
                aria-pressed={liked}
                onClick={() => void toggleLike()}
              >
                <Icon name="heart" filled={liked} />
              </button>
            )}
          </div>
          <div className="player-controls">
            <div className="player-buttons">
              <button type="button" className="btn btn-icon" aria-label={m.player_previous()} onClick={previous}>
                <Icon name="previous" />
              </button>
              <button
                type="button"
                className="btn btn-icon"
                aria-label={m.player_back({ seconds: SKIP_SECONDS })}
                onClick={() => skip(-SKIP_SECONDS)}
              >
                <Icon name="back" />
              </button>
              {needsTap ? (
                <button type="button" className="btn btn-gold btn-sm player-tap" onClick={togglePlay}>
                  <Icon name="play" filled size={16} /> {m.player_tap()}
                </button>
              ) : (
                <button
                  type="button"
                  className="btn btn-gold player-play"
                  aria-label={playing ? m.player_pause() : m.player_play()}
                  onClick={togglePlay}
                >
                  <Icon name={playing ? 'pause' : 'play'} filled />
                </button>
              )}
              <button
                type="button"
                className="btn btn-icon"
                aria-label={m.player_forward({ seconds: SKIP_SECONDS })}
                onClick={() => skip(SKIP_SECONDS)}
              >
                <Icon name="forward" />
              </button>
              <button
                type="button"
                className="btn btn-icon"
                aria-label={m.player_next()}
                onClick={next}
                disabled={index >= queue.length - 1}
              >
                <Icon name="next" />
              </button>
            </div>
            <div className="player-seek">
              <span className="player-time" data-testid="player-position">
                {formatDuration(position)}
              </span>
              <div className="player-seek-track">
                {waveform && (
                  <WaveformBars
                    className="player-waveform"
                    data-testid="player-waveform"
                    peaks={waveform}
                    progress={duration > 0 ? position / duration : 0}
                  />
                )}
                <input
                  type="range"
                  className="form-range"
                  aria-label={m.player_seek()}
                  min={0}
                  max={Math.max(1, Math.floor(duration))}
                  step={1}
                  value={Math.floor(position)}
                  aria-valuetext={m.player_position({
                    position: formatDuration(position),
                    duration: formatDuration(duration),
                  })}
                  onChange={(event) => seek(Number(event.currentTarget.value))}
                />
              </div>
              <span className="player-time">{formatDuration(duration)}</span>
            </div>
          </div>
          <div className="player-side">
            <IslandSlot slot="player.views" fillers={playerViews} track={track} />
            <button
              type="button"
              ref={queueButton}
              className={`btn btn-icon player-queue-toggle${queueOpen ? ' is-open' : ''}`}
              aria-label={m.player_queue()}
              aria-expanded={queueOpen}
              aria-controls="player-queue"
              onClick={() => (queueOpen ? closeQueue() : setQueueOpen(true))}
            >
              <Icon name="queue" />
            </button>
            <div className="player-volume">
              <Icon name="volume" />
              <input
                type="range"
                className="form-range"
                aria-label={m.player_volume()}
                min={0}
                max={100}
                step={1}
                value={Math.round(volume * 100)}
                onChange={(event) => setVolumePercent(Number(event.currentTarget.value))}
              />
            </div>
          </div>
          {queueOpen && <QueuePanel id="player-queue" onClose={closeQueue} onDismiss={dismissQueue} />}
        </section>
      )}
    </>
  );
}
