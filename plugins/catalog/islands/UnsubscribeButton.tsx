import { useRef, useState } from 'react';
import { apiRequest, messageOf } from '../../../site/lib/api.ts';
import { removeSubscription } from '../../../site/stores/shell.ts';
import { toast } from '../../../site/stores/toasts.ts';
import { markSubscription } from '../client/subscribeButtons.ts';
import * as m from '../../../lib/i18n/messages.ts';

// The collection's way out of a subscription (issue 44 point 1): the consequences are said before
// the fan confirms, then the card's Subscribe button offers the way back.

interface Props {
  artistId: number;
  artistName: string;
}

export default function UnsubscribeButton({ artistId, artistName }: Props) {
  const [asking, setAsking] = useState(false);
  const [ended, setEnded] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);

  async function unsubscribe() {
    setPending(true);
    setError(null);
    try {
      await apiRequest('POST', '/api/subscriptions', { artistId, active: false });
      setEnded(true);
      setAsking(false);
      markSubscription(artistId, false);
      removeSubscription(artistId);
      toast({
        title: m.unsub_done({ name: artistName }),
        description: m.unsub_consequences(),
        variant: 'success',
      });
    } catch (failure) {
      setError(messageOf(failure, m.unsub_failed()));
    } finally {
      setPending(false);
    }
  }

  if (ended)
    return (
      <p className="unsubscribe-done small text-secondary mb-0" role="status">
        {m.unsub_status()}
      </p>
    );
  if (!asking)
    return (
      <button
        type="button"
        className="btn btn-link btn-sm text-secondary unsubscribe-button"
        aria-label={m.unsub_label({ name: artistName })}
        onClick={() => {
          setAsking(true);
          requestAnimationFrame(() => confirmRef.current?.focus());
        }}
      >
        {m.unsub()}
      </button>
    );
  return (
    <div className="unsubscribe-confirm" role="group" aria-label={m.unsub_ask({ name: artistName })}>
      <p className="small mb-2">{m.unsub_ask_text({ name: artistName, consequences: m.unsub_consequences() })}</p>
      <div className="d-flex flex-wrap gap-2 justify-content-center">
        <button
          ref={confirmRef}
          type="button"
          className="btn btn-sm btn-danger"
          disabled={pending}
          aria-busy={pending}
          onClick={() => void unsubscribe()}
        >
          {pending ? m.unsub_pending() : m.unsub()}
        </button>
        <button
          type="button"
          className="btn btn-sm btn-outline-light"
          disabled={pending}
          onClick={() => setAsking(false)}
        >
          {m.unsub_keep()}
        </button>
      </div>
      {error && (
        <p className="text-danger small mt-2 mb-0" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
