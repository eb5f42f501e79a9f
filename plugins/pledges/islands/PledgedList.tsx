// The Credit Vault's "Pledged" section: credits held for coming drops, each with Cancel.
import { useState } from 'react';
import { monthName } from '../rules.ts';
import * as m from '../../../lib/i18n/messages.ts';
import { localeHref } from '../../../lib/i18n/runtime.ts';
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
            {m.pledge_section()}
          </h2>
          <p className="text-secondary small mb-0" data-testid="pledged-total">
            {total ? m.pledge_held({ count: total }) : m.pledge_nothing_held()}
          </p>
        </div>
        <PledgeButton anyArtist={anyArtist} signedIn />
      </div>
      {pledges.length === 0 ? (
        <p className="text-secondary mb-0">{m.pledge_empty()}</p>
      ) : (
        <ul className="list-unstyled pledge-list">
          {pledges.map((p) => (
            <li key={p.id} className="pledge-item">
              <span>
                <a href={localeHref(`/artist/${p.artistId}`)}>{p.artistName}</a>
                <span className="text-secondary"> · {m.pledge_month_drop({ month: monthName(p.month) })}</span>
              </span>
              <span className="d-flex align-items-center gap-3">
                <strong>{m.pledge_credits({ count: p.credits })}</strong>
                <button
                  type="button"
                  className="btn btn-outline-secondary btn-sm"
                  onClick={() => void cancel(p.id)}
                  disabled={cancelling !== null}
                  aria-label={m.pledge_cancel_label({ count: p.credits, name: p.artistName })}
                >
                  {cancelling === p.id ? m.pledge_cancelling() : m.pledge_cancel()}
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
