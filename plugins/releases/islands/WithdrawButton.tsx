import { navigate } from 'astro:transitions/client';
import { useState } from 'react';
import { apiRequest, messageOf } from '../../../site/lib/api.ts';
import { toast } from '../../../site/stores/toasts.ts';
import { WITHDRAW_MESSAGES } from '../rules.ts';

/** A scheduled release's Withdraw: what follows is said before the confirm; then the page again. */
export default function WithdrawButton({ trackId, title }: { trackId: number; title: string }) {
  const [asking, setAsking] = useState(false);
  const [pending, setPending] = useState(false);

  async function withdraw() {
    setPending(true);
    try {
      const done = await apiRequest<{ message: string }>('DELETE', `/api/releases/${trackId}`);
      toast({ title: `“${title}” withdrawn`, description: done.message, variant: 'success' });
      await navigate(`${location.pathname}${location.search}`, { history: 'replace' });
    } catch (error) {
      toast({ title: 'Withdraw failed', description: messageOf(error, 'Please try again.'), variant: 'destructive' });
      setPending(false);
    }
  }

  if (!asking)
    return (
      <button
        type="button"
        className="btn btn-link btn-sm text-secondary"
        aria-label={`Withdraw ${title}`}
        onClick={() => setAsking(true)}
      >
        Withdraw
      </button>
    );
  return (
    <div className="small mt-2" role="group" aria-label={`Withdraw ${title}?`}>
      <p className="mb-2">{WITHDRAW_MESSAGES.confirm}</p>
      <div className="d-flex flex-wrap gap-2">
        <button type="button" className="btn btn-sm btn-danger" disabled={pending} onClick={() => void withdraw()}>
          {pending ? 'Withdrawing…' : 'Withdraw'}
        </button>
        <button
          type="button"
          className="btn btn-sm btn-outline-light"
          disabled={pending}
          onClick={() => setAsking(false)}
        >
          Keep
        </button>
      </div>
    </div>
  );
}
