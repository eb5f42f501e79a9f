import { useStore } from '@nanostores/react';
import { formatDuration } from '../../../lib/time.ts';
import type { PlayerTrack } from '../../../lib/playerTrack.ts';
import { seekIn } from '../../../site/lib/seekIn.ts';
import type { CommentJson } from '../service.ts';
import { CommentAvatar } from './CommentAvatar.tsx';
import { $comments } from './commentsStore.ts';
import * as m from '../../../lib/i18n/messages.ts';

/**
 * `track.waveform`: each comment as a small avatar under the waveform at its moment; pressing one
 * plays the track from there. The list below says the same in words (this strip is a shortcut).
 */
export default function CommentStrip({ track, comments }: { track: PlayerTrack; comments: CommentJson[] }) {
  const shown = useStore($comments)[String(track.id)] ?? comments;
  const duration = track.duration * 1000;
  if (!shown.length || !duration) return null;
  return (
    <div className="comment-strip" role="group" aria-label={m.comments_strip()} data-testid="comment-strip">
      {shown.map((c) => (
        <button
          key={c.id}
          type="button"
          className={`comment-mark${c.pinned ? ' is-pinned' : ''}`}
          // From the start edge: the right one in Arabic, where the waveform above runs leftwards.
          style={{ insetInlineStart: `${Math.min(100, (c.at / duration) * 100)}%` }}
          title={m.comments_mark_title({ name: c.author.name, time: formatDuration(c.at / 1000), body: c.body })}
          aria-label={m.comments_mark_label({ time: formatDuration(c.at / 1000), name: c.author.name, body: c.body })}
          onClick={(event) => seekIn(track, c.at / 1000, event.currentTarget)}
        >
          <CommentAvatar author={c.author} />
        </button>
      ))}
    </div>
  );
}
