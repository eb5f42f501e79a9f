import { useState } from 'react';
import { apiRequest, messageOf } from '../../../site/lib/api.ts';
import * as m from '../../../lib/i18n/messages.ts';
import type { ClaimJson } from '../claims.ts';

// A subscriber's Claim of a numbered collectible: the server gives the next number once
// (plugins/catalog/claims.ts); the stock and the fan's number follow its answer, and a refusal
// (sold out meanwhile, already claimed elsewhere) is shown in its own words.

interface Props {
  exclusiveId: number;
  title: string;
  remaining: number;
  totalAvailable: number;
  /** The number this fan already holds, or null. */
  claimed: number | null;
}

export default function ClaimButton({
  exclusiveId,
  title,
  remaining: initialRemaining,
  totalAvailable,
  claimed: initialClaimed,
}: Props) {
  const [remaining, setRemaining] = useState(initialRemaining);
  const [claimed, setClaimed] = useState(initialClaimed);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function claim() {
    setPending(true);
    setError(null);
    try {
      const result = await apiRequest<ClaimJson>('POST', `/api/exclusives/${exclusiveId}/claim`);
      setClaimed(result.number);
      setRemaining(result.remaining);
    } catch (failure) {
      setError(messageOf(failure, m.catalog_claim_failed()));
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <span className="exclusive-stock" data-testid="exclusive-stock">
        {m.catalog_claim_stock({ remaining, total: totalAvailable })}
      </span>
      {claimed !== null ? (
        <span className="exclusive-claimed" data-testid="exclusive-claimed">
          {m.catalog_claim_yours({ number: claimed })}
        </span>
      ) : (
        <button
          type="button"
          className="btn btn-sm btn-gold exclusive-action"
          disabled={pending || remaining === 0}
          aria-busy={pending}
          aria-label={remaining === 0 ? m.catalog_claim_sold_out_label({ title }) : m.catalog_claim_label({ title })}
          onClick={() => void claim()}
        >
          {remaining === 0 ? m.catalog_claim_sold_out() : pending ? m.catalog_claiming() : m.catalog_claim()}
        </button>
      )}
      {error && (
        <p className="exclusive-error text-danger small mb-0 w-100" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
