import { useState } from 'react';

// "I want it" on the merch page: the server records it once per fan and answers the new counts;
// a refusal shows in the server's words. Signed-out visitors get a sign-in link instead.
export default function WantButton({ itemId, title, wanted: initialWanted, signedIn }) {
  const [wanted, setWanted] = useState(initialWanted);
  const [state, setState] = useState('idle');
  const [error, setError] = useState(null);

  async function want() {
    setState('pending');
    setError(null);
    try {
      const res = await fetch(`/api/merch/items/${itemId}/want`, { method: 'POST', credentials: 'same-origin' });
      const body = await res.json().catch(() => null);
      if (!res.ok) throw new Error(body?.message ?? `The request failed (${res.status})`);
      setWanted(body.find((item) => item.id === itemId)?.wanted ?? wanted);
      setState('done');
    } catch (failure) {
      setError(failure.message);
      setState('idle');
    }
  }

  return (
    <>
      <span className="me-2">{wanted}</span>
      {signedIn ? (
        <button
          type="button"
          className="btn btn-sm btn-gold"
          disabled={state !== 'idle'}
          aria-busy={state === 'pending'}
          aria-label={`I want ${title}`}
          onClick={() => void want()}
        >
          {state === 'done' ? 'Wanted' : state === 'pending' ? 'Saving…' : 'I want it'}
        </button>
      ) : (
        <a href="/login?next=/merch">Log in to want it</a>
      )}
      {error && (
        <span role="alert" className="text-danger small ms-2">
          {error}
        </span>
      )}
    </>
  );
}
