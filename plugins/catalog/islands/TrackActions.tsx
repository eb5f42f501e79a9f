import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { Icon } from '../../../site/components/Icon.tsx';
import * as m from '../../../lib/i18n/messages.ts';
import { $likeChange, likeFailed, sendLike } from '../../../site/lib/player.ts';
import { ShareButton } from './ShareButton.tsx';

interface Props {
  track: { id: number; title: string; liked: boolean; likeCount: number };
  shareUrl: string;
}

/** The track page's Like (optimistic, rolled back on failure) and Share. */
export default function TrackActions({ track, shareUrl }: Props) {
  const [state, setState] = useState({ liked: track.liked, likeCount: track.likeCount });
  const change = useStore($likeChange);

  // The player may like or unlike this same track.
  useEffect(() => {
    if (change?.trackId === track.id) setState({ liked: change.liked, likeCount: change.likeCount });
  }, [change, track.id]);

  // The page's stats line above says the same count (issue 44 point 8: it read "0 likes" after a like).
  useEffect(() => {
    for (const line of document.querySelectorAll(`[data-like-line="${track.id}"]`))
      line.textContent = m.track_likes({ count: state.likeCount });
  }, [state.likeCount, track.id]);

  async function toggle() {
    const before = state;
    const like = !before.liked;
    setState({ liked: like, likeCount: before.likeCount + (like ? 1 : -1) });
    try {
      await sendLike(track.id, like);
    } catch (error) {
      setState(before);
      likeFailed(error);
    }
  }

  return (
    <>
      <button
        type="button"
        className={`btn btn-outline-light btn-lg like-button${state.liked ? ' is-liked' : ''}`}
        aria-pressed={state.liked}
        onClick={() => void toggle()}
      >
        <Icon name="heart" filled={state.liked} /> {state.liked ? m.track_liked() : m.track_like()}
        <span className="like-count" aria-label={m.track_likes({ count: state.likeCount })}>
          {state.likeCount}
        </span>
      </button>
      <ShareButton url={shareUrl} title={track.title} copiedText={m.track_link_copied_text()} large />
    </>
  );
}
