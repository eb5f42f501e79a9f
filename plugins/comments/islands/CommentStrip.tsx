import { useStore } from '@nanostores/react';
import { formatDuration } from '../../../lib/time.ts';
import type { PlayerTrack } from '../../../lib/playerTrack.ts';
import { seekIn } from '../../../site/lib/seekIn.ts';
import type { CommentJson } from '../service.ts';
import { CommentAvatar } from './CommentAvatar.tsx';
import { $comments } from './commentsStore.ts';

/**
 * `track.waveform`: each comment as a small avatar under the waveform at its moment; pressing one
 * plays the track from there. The list below says the same in words (this strip is a shortcut).
 */
export default function CommentStrip({ track, comments }: { track: PlayerTrack; comments: CommentJson[] }) {
  const shown = useStore($comments)[String(track.id)] ?? comments;
  const duration = track.duration * 1000;
  if (!shown.length || !duration) return null;
  return (
    <div className="comment-strip" role="group" aria-label="Comments along the track" data-testid="comment-strip">
      {shown.map((c) => (
        <button
          key={c.id}
          type="button"
          className={`comment-mark${c.pinned ? ' is-pinned' : ''}`}
          style={{ left: `${Math.min(100, (c.at / duration) * 100)}%` }}
          title={`${c.author.name} at ${formatDuration(c.at / 1000)}: ${c.body}`}
          aria-label={`Play from ${formatDuration(c.at / 1000)}: ${c.author.name}, “${c.body}”`}
          onClick={(event) => seekIn(track, c.at / 1000, event.currentTarget)}
        >
          <CommentAvatar author={c.author} />
        </button>
      ))}
    </div>
  );
}
