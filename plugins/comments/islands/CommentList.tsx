import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { IslandSlot } from '../../../site/components/IslandSlot.tsx';
import { LimitedText } from '../../../site/components/LimitedText.tsx';
import { apiRequest, messageOf } from '../../../site/lib/api.ts';
import { $current, $position } from '../../../site/lib/player.ts';
import { seekIn } from '../../../site/lib/seekIn.ts';
import { useHydrated } from '../../../site/lib/useHydrated.ts';
import { toast } from '../../../site/stores/toasts.ts';
import { formatDuration } from '../../../lib/time.ts';
import type { PlayerTrack } from '../../../lib/playerTrack.ts';
import commentActions from 'virtual:onetrack/islands/comment.actions';
import type { CommentJson } from '../service.ts';
import { COMMENT_MAX_LENGTH, type CommentSort } from '../rules.ts';
import { CommentAvatar } from './CommentAvatar.tsx';
import { $comments, setComments } from './commentsStore.ts';
import * as m from '../../../lib/i18n/messages.ts';
import { aroundMark } from '../../../lib/i18n/format.ts';
import { localeHref } from '../../../lib/i18n/runtime.ts';

interface Props {
  track: PlayerTrack;
  comments: CommentJson[];
  /** The signed-in viewer's id, or null. */
  viewerId: number | null;
  /** The viewer is the track's artist: they pin and hide. */
  owner: boolean;
}

/** A change of the comments on the server, answering the list as it now is. */
interface Change {
  (): Promise<CommentJson[]>;
}

const byTime = (a: CommentJson, b: CommentJson) => a.at - b.at || a.id - b.id;
const byNewest = (a: CommentJson, b: CommentJson) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id;

/**
 * The track page's comments: a fan writes one at the moment the player is at (this track playing)
 * or at the start; the list runs by moment or newest first, the pinned one on top; each moment
 * plays the track from there. The artist pins or hides; others report (moderation's slot filler).
 */
export default function CommentList({ track, comments, viewerId, owner }: Props) {
  const key = String(track.id);
  const all = useStore($comments)[key] ?? comments;
  const hydrated = useHydrated();
  const current = useStore($current);
  const position = useStore($position);
  const [sort, setSort] = useState<CommentSort>('time');
  const [text, setText] = useState('');
  const [pending, setPending] = useState(false);
  // The page's rendering is the truth when it (re)loads: the strip shows the same.
  useEffect(() => setComments(track.id, comments), [track.id, comments]);
  // The heading's count says the same after a post or a delete (it kept "0 comments" until a reload).
  useEffect(() => {
    for (const count of document.querySelectorAll(`[data-comment-count="${track.id}"]`))
      count.textContent = m.comments_count({ count: all.length });
  }, [all.length, track.id]);
  const at = hydrated && current?.id === track.id ? Math.floor(position * 1000) : 0;
  const pinned = all.find((c) => c.pinned);
  const list = [...all].filter((c) => !c.pinned).sort(sort === 'time' ? byTime : byNewest);
  const [loginBefore, loginAfter] = aroundMark((login) => m.comments_login({ login }));

  const act = async (work: Change, failed: string) => {
    setPending(true);
    try {
      setComments(track.id, await work());
    } catch (error) {
      toast({ title: failed, description: messageOf(error, m.comments_try_again()), variant: 'destructive' });
    } finally {
      setPending(false);
    }
  };
  const post = () =>
    act(async () => {
      const { comment } = await apiRequest<{ comment: CommentJson }>('POST', `/api/tracks/${track.id}/comments`, {
        at,
        body: text,
      });
      setText('');
      return [...all, comment];
    }, m.comments_not_posted());
  const pin = (c: CommentJson) =>
    act(async () => {
      await apiRequest('POST', `/api/comments/${c.id}/pin`, { pinned: !c.pinned });
      return all.map((o) => ({ ...o, pinned: o.id === c.id ? !c.pinned : false }));
    }, m.comments_not_pinned());
  const hide = (c: CommentJson) =>
    act(async () => {
      await apiRequest('POST', `/api/comments/${c.id}/hide`);
      return all.filter((o) => o.id !== c.id);
    }, m.comments_not_hidden());
  const remove = (c: CommentJson) =>
    act(async () => {
      await apiRequest('DELETE', `/api/comments/${c.id}`);
      return all.filter((o) => o.id !== c.id);
    }, m.comments_not_deleted());

  const item = (c: CommentJson) => (
    <li key={c.id} className={`comment-item${c.pinned ? ' is-pinned' : ''}`} data-testid="comment">
      <CommentAvatar author={c.author} />
      <div className="comment-body">
        <p className="mb-0 small">
          <span className="fw-semibold">{c.author.name}</span>{' '}
          <button
            type="button"
            className="btn btn-link btn-sm p-0 comment-time"
            aria-label={m.comments_play_from({ time: formatDuration(c.at / 1000) })}
            onClick={(event) => seekIn(track, c.at / 1000, event.currentTarget)}
          >
            {formatDuration(c.at / 1000)}
          </button>
          {c.pinned && <span className="badge text-bg-secondary ms-2">{m.comments_pinned()}</span>}
        </p>
        <p className="mb-1 comment-text">{c.body}</p>
        {viewerId && (
          <div className="comment-actions d-flex gap-2 small">
            {owner && (
              <>
                <button
                  type="button"
                  className="btn btn-link btn-sm p-0"
                  disabled={pending}
                  onClick={() => void pin(c)}
                >
                  {c.pinned ? m.comments_unpin() : m.comments_pin()}
                </button>
                <button
                  type="button"
                  className="btn btn-link btn-sm p-0"
                  disabled={pending}
                  onClick={() => void hide(c)}
                >
                  {m.comments_hide()}
                </button>
              </>
            )}
            {c.author.id === viewerId ? (
              <button
                type="button"
                className="btn btn-link btn-sm p-0"
                disabled={pending}
                onClick={() => void remove(c)}
              >
                {m.comments_delete()}
              </button>
            ) : (
              <IslandSlot slot="comment.actions" fillers={commentActions} comment={c} />
            )}
          </div>
        )}
      </div>
    </li>
  );

  return (
    <>
      {viewerId ? (
        <form
          className="comment-form mb-3"
          onSubmit={(event) => {
            event.preventDefault();
            void post();
          }}
        >
          <label className="form-label small" htmlFor={`comment-${track.id}`}>
            {/* As the server rendered it until hydrated: the list may hydrate while its track plays. */}
            {!hydrated || current?.id !== track.id
              ? m.comments_yours_at_play({ time: formatDuration(at / 1000) })
              : m.comments_yours_at({ time: formatDuration(at / 1000) })}
          </label>
          <LimitedText id={`comment-${track.id}`} rows={2} value={text} max={COMMENT_MAX_LENGTH} onChange={setText} />
          <div className="d-flex justify-content-end mt-2">
            <Button type="submit" className="btn-gold" size="sm" disabled={pending || !text.trim()}>
              {m.comments_post_at({ time: formatDuration(at / 1000) })}
            </Button>
          </div>
        </form>
      ) : (
        <p className="small text-secondary">
          {loginBefore}
          <a href={localeHref('/auth')}>{m.comments_login_link()}</a>
          {loginAfter}
        </p>
      )}
      {all.length > 0 ? (
        <>
          <div className="btn-group btn-group-sm mb-2" role="group" aria-label={m.comments_order()}>
            <button
              type="button"
              className={`btn btn-outline-light${sort === 'time' ? ' active' : ''}`}
              aria-pressed={sort === 'time'}
              onClick={() => setSort('time')}
            >
              {m.comments_by_moment()}
            </button>
            <button
              type="button"
              className={`btn btn-outline-light${sort === 'newest' ? ' active' : ''}`}
              aria-pressed={sort === 'newest'}
              onClick={() => setSort('newest')}
            >
              {m.comments_newest()}
            </button>
          </div>
          <ul className="comment-list list-unstyled mb-0" data-testid="comment-list">
            {pinned && item(pinned)}
            {list.map(item)}
          </ul>
        </>
      ) : (
        <p className="text-secondary small mb-0">{m.comments_none()}</p>
      )}
    </>
  );
}
