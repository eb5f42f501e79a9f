import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { jump } from '../lib/player.ts';
import { $queue, $queueIndex } from '../lib/queue.ts';
import { formatDuration } from '../../lib/time.ts';
import rowActions from 'virtual:onetrack/islands/queue.actions';
import { IslandSlot } from '../components/IslandSlot.tsx';
import * as m from '../../lib/i18n/messages.ts';

/**
 * The queue above the player bar: the track playing and what comes next; any row plays at once.
 * Escape closes it and gives focus back to the Queue button (onClose); a click outside the player
 * dismisses it.
 */
export function QueuePanel({ id, onClose, onDismiss }: { id: string; onClose: () => void; onDismiss: () => void }) {
  const queue = useStore($queue);
  const index = useStore($queueIndex);
  const currentRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    currentRef.current?.focus();
  }, []);

  // A click anywhere outside the player closes the panel (focus stays where the click put it).
  useEffect(() => {
    const outside = (event: PointerEvent) => {
      if (!(event.target as Element | null)?.closest('.player-bar')) onDismiss();
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [onDismiss]);

  const upcoming = Math.max(0, queue.length - index - 1);
  return (
    <section
      id={id}
      className="queue-panel surface-card"
      aria-label={m.player_queue()}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.stopPropagation();
        onClose();
      }}
    >
      <header className="queue-panel-head">
        <h2 className="queue-panel-title">{m.player_queue()}</h2>
        <span className="text-secondary small">
          {upcoming ? m.queue_up_next({ count: upcoming }) : m.queue_nothing()}
        </span>
      </header>
      <ol className="queue-list" data-testid="queue-list">
        {queue.map((track, i) => (
          <li key={track.id} className="queue-row">
            <button
              type="button"
              ref={i === index ? currentRef : undefined}
              className={`queue-item${i === index ? ' is-current' : ''}`}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => jump(i)}
            >
              <img src={track.coverImage} alt="" width={36} height={36} loading="lazy" />
              <span className="queue-item-meta">
                <span className="queue-item-title">{track.title}</span>
                <span className="queue-item-artist">{track.artist.name}</span>
              </span>
              <span className="queue-item-time">
                {i === index ? m.queue_now_playing() : formatDuration(track.duration)}
              </span>
            </button>
            <IslandSlot slot="queue.actions" fillers={rowActions} track={track} />
          </li>
        ))}
      </ol>
    </section>
  );
}
