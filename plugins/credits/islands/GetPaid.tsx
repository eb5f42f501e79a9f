import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { apiRequest, messageOf } from '../../../site/lib/api.ts';
import { monthName } from '../../../lib/format.ts';
import { toast } from '../../../site/stores/toasts.ts';
import { formatCents } from '../money.ts';

interface PayoutMonth {
  month: string;
  amountCents: number;
  currency: string;
  status: 'held' | 'sent' | 'failed';
  reason: string | null;
  transferId: string | null;
  sentWith: string | null;
  sentAt: string | null;
}
interface PayoutStatus {
  account: 'none' | 'details-needed' | 'payouts-on';
  months: PayoutMonth[];
}

const STATES = {
  none: ['NOT SET UP', 'text-bg-secondary', 'Set up a payout account to receive what your statements say you earned.'],
  'details-needed': ['DETAILS NEEDED', 'text-bg-warning', 'Stripe needs more details before it can pay you.'],
  'payouts-on': ['PAYOUTS ON', 'text-bg-success', 'Each closed month is sent to your account in one transfer.'],
} as const;

const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

function what(m: PayoutMonth): string {
  if (m.status === 'sent')
    return `Sent ${day(m.sentAt!)}${m.sentWith !== m.month ? ` with ${monthName(m.sentWith!)}` : ''} · ${m.transferId}`;
  return m.reason ?? (m.status === 'held' ? 'Held' : 'Failed');
}

/** "Get paid": the artist's payout account (Stripe Connect Express) and every month held, sent or failed. */
export default function GetPaid() {
  const [status, setStatus] = useState<PayoutStatus | null>(null);
  const [error, setError] = useState('');
  const [opening, setOpening] = useState(false);

  useEffect(() => {
    apiRequest<PayoutStatus>('GET', '/api/credits/payments/payouts')
      .then(setStatus)
      .catch((e) => setError(messageOf(e, 'Your payout status cannot be read just now')));
  }, []);

  const onboard = async () => {
    setOpening(true);
    try {
      const { url } = await apiRequest<{ url: string }>('POST', '/api/credits/payments/onboarding');
      window.location.assign(url);
    } catch (e) {
      setOpening(false);
      toast({ title: 'Get paid failed', description: messageOf(e, 'Please try again'), variant: 'destructive' });
    }
  };

  return (
    <section className="surface-card p-3 mt-4" aria-labelledby="get-paid-title" data-testid="get-paid">
      <div className="d-flex flex-wrap justify-content-between align-items-start gap-2">
        <h2 id="get-paid-title" className="h5 mb-1">
          Get paid
        </h2>
        {status && (
          <span className={`badge ${STATES[status.account][1]}`} data-testid="payout-state">
            {STATES[status.account][0]}
          </span>
        )}
      </div>
      {error && (
        <p className="text-warning mb-0" role="alert">
          {error}
        </p>
      )}
      {!status && !error && (
        <p className="text-secondary mb-0" role="status">
          <Spinner as="span" size="sm" className="me-2" aria-hidden="true" />
          Reading your payout account…
        </p>
      )}
      {status && (
        <>
          <p className="text-secondary">{STATES[status.account][2]}</p>
          {status.account !== 'payouts-on' && (
            <Button className="btn-gold mb-3" size="sm" disabled={opening} onClick={() => void onboard()}>
              {opening ? 'Opening Stripe…' : status.account === 'none' ? 'Get paid' : 'Finish setting up'}
            </Button>
          )}
          {status.months.length ? (
            <ul className="list-unstyled mb-0" data-testid="payout-months">
              {status.months.map((m) => (
                <li key={m.month} className="d-flex flex-wrap gap-2 justify-content-between border-bottom py-2">
                  <strong>{monthName(m.month)}</strong>
                  <span>{formatCents(m.amountCents, m.currency)}</span>
                  <span className={m.status === 'sent' ? 'text-success' : 'text-warning'}>{what(m)}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-secondary mb-0">No closed month has earnings to send yet.</p>
          )}
        </>
      )}
    </section>
  );
}
