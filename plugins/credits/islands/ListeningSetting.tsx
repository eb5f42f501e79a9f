import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { apiRequest, messageOf } from '../../../site/lib/api.ts';
import { LISTENING_UNAVAILABLE, listeningRules } from '../rules.ts';

interface Preference {
  followListening: boolean;
  /** Whether this server counts plays at all (insights enabled). */
  available: boolean;
}

/** Settings › Credits: the fallback of unallocated credits to the fan's own listening, on by default. */
export default function ListeningSetting({ initial }: { initial: Preference }) {
  const [preference, setPreference] = useState(initial);
  const [pending, setPending] = useState(false);
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');

  const change = async (followListening: boolean) => {
    setPending(true);
    setError('');
    setStatus('');
    try {
      setPreference(await apiRequest<Preference>('PATCH', '/api/credits/listening', { followListening }));
      setStatus('Saved. It applies to this month and the months after it.');
    } catch (err) {
      setError(messageOf(err, 'Your choice could not be saved. Please try again.'));
    } finally {
      setPending(false);
    }
  };

  return (
    <section className="surface-card p-4 mt-3" aria-labelledby="listening-setting-title">
      <h2 id="listening-setting-title" className="h5">
        Credits you leave unallocated
      </h2>
      <Form.Check
        type="switch"
        id="follow-listening"
        label={listeningRules.followListening.label}
        checked={preference.available && preference.followListening}
        disabled={pending || !preference.available}
        aria-describedby="follow-listening-help"
        onChange={(e) => void change(e.target.checked)}
      />
      <p id="follow-listening-help" className="text-secondary small mt-2 mb-0">
        {preference.available
          ? 'Credits you have not given by the end of the month go to the artists ' +
            'you played that month (plays of 30 seconds or more), in proportion ' +
            'to your plays. Turned off, your fee is split over the artists you ' +
            'gave credits to alone, and stays unallocated if you gave none.'
          : LISTENING_UNAVAILABLE}
      </p>
      <p className="small mb-0 mt-1" role="status" aria-live="polite">
        {error ? <span className="text-danger">{error}</span> : status}
      </p>
    </section>
  );
}
