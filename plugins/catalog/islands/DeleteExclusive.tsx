import { useState } from 'react';
import * as m from '../../../lib/i18n/messages.ts';
import { apiRequest, messageOf } from '../../../site/lib/api.ts';
import { showExclusives } from '../client/showExclusives.ts';

// The artist deletes one of their exclusives (its claims and files go with it), after confirming.

export default function DeleteExclusive({ exclusiveId, title }: { exclusiveId: number; title: string }) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function remove() {
    if (!window.confirm(m.exclusive_delete_confirm({ title }))) return;
    setPending(true);
    setError(null);
    try {
      await apiRequest('DELETE', `/api/exclusives/${exclusiveId}`);
      await showExclusives();
    } catch (failure) {
      setError(messageOf(failure, m.exclusive_delete_failed()));
      setPending(false);
    }
  }

  return (
    <>
      <button
        type="button"
        className="btn btn-sm btn-outline-danger exclusive-delete"
        aria-label={m.exclusive_delete_label({ title })}
        aria-busy={pending}
        disabled={pending}
        onClick={() => void remove()}
      >
        {pending ? m.exclusive_deleting() : m.exclusive_delete()}
      </button>
      {error && (
        <p className="exclusive-error text-danger small mb-0 w-100" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
