// The Credit Vault's "Pledged" section: credits held for coming drops, each with Cancel.
import { useState } from 'react';
import { plural } from '../../../lib/format.ts';
import { monthName } from '../rules.ts';
import PledgeButton from './PledgeButton.tsx';
import { cancelPledge, refreshPage } from './pledge.ts';

interface Pledge {
  id: number;
  artistId: number;
  artistName: string;
  credits: number;
  month: string;
}

interface Props {
  pledges: Pledge[];
  /** Whether there is any artist to pledge to (the dialog reads who when it opens). */
  anyArtist: boolean;
}

export default function PledgedList({ pledges, anyArtist }: Props) {
  const [cancelling, setCancelling] = useState<number | null>(null);
  const total = pledges.reduce((sum, p) => sum + p.credits, 0);

  const cancel = async (id: number) => {
    setCancelling(id);
    const done = await cancelPledge(id);
    if (done) await refreshPage();
    setCancelling(null);
  };

  return (
    <section className="surface-card p-4 mt-4" aria-labelledby="pledged-title" data-testid="vault-pledged">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-3 mb-2">
        <div>
          <h2 id="pledged-title" className="h5 mb-1">
            Pledged
          </h2>
          <p className="text-secondary small mb-0" data-testid="pledged-total">
            {total ? `${plural(total, 'credit')} held for coming drops` : 'Nothing held for coming drops'}
          </p>
        </div>
        <PledgeButton anyArtist={anyArtist} signedIn />
      </div>
      {pledges.length === 0 ? (
        <p className="text-secondary mb-0">
          Pledge credits to an artist&apos;s next drop before it comes out: they land with the drop, and you can cancel
          until then.
        </p>
      ) : (
        <ul className="list-unstyled pledge-list">
          {pledges.map((p) => (
            <li key={p.id} className="pledge-item">
              <span>
                <a href={`/artist/${p.artistId}`}>{p.artistName}</a>
                <span className="text-secondary"> · {monthName(p.month)} drop</span>
              </span>
              <span className="d-flex align-items-center gap-3">
                <strong>{plural(p.credits, 'credit')}</strong>
                <button
                  type="button"
                  className="btn btn-outline-secondary btn-sm"
                  onClick={() => void cancel(p.id)}
                  disabled={cancelling !== null}
                  aria-label={`Cancel pledge of ${plural(p.credits, 'credit')} to ${p.artistName}`}
                >
                  {cancelling === p.id ? 'Cancelling…' : 'Cancel'}
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
