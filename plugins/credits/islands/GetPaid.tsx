import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { apiRequest, messageOf } from '../../../site/lib/api.ts';
import * as m from '../../../lib/i18n/messages.ts';
import { localDay, money, localMonth } from '../../../lib/i18n/format.ts';
import { toast } from '../../../site/stores/toasts.ts';

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
  none: [m.pay_state_none, 'text-bg-secondary', m.pay_state_none_text],
  'details-needed': [m.pay_state_details, 'text-bg-warning', m.pay_state_details_text],
  'payouts-on': [m.pay_state_on, 'text-bg-success', m.pay_state_on_text],
} as const;

function what(p: PayoutMonth): string {
  if (p.status === 'sent') {
    const date = localDay(p.sentAt!);
    const sent =
      p.sentWith !== p.month ? m.pay_sent_with({ date, month: localMonth(p.sentWith!) }) : m.pay_sent({ date });
    return `${sent} · ${p.transferId}`;
  }
  return p.reason ?? (p.status === 'held' ? m.pay_held() : m.pay_failed());
}

/**
 * "Get paid" on the artist's dashboard (slot dashboard.sections): the payout account (Stripe Connect
 * Express), its status, and every closed month held, sent or failed.
 */
export default function GetPaid() {
  const [status, setStatus] = useState<PayoutStatus | null>(null);
  const [error, setError] = useState('');
  const [opening, setOpening] = useState(false);

  useEffect(() => {
    apiRequest<PayoutStatus>('GET', '/api/credits/payments/payouts')
      .then(setStatus)
      .catch((e) => setError(messageOf(e, m.pay_read_error())));
  }, []);

  const onboard = async () => {
    setOpening(true);
    try {
      const { url } = await apiRequest<{ url: string }>('POST', '/api/credits/payments/onboarding');
      window.location.assign(url);
    } catch (e) {
      setOpening(false);
      toast({ title: m.pay_onboard_failed(), description: messageOf(e, m.pay_try_again()), variant: 'destructive' });
    }
  };

  return (
    <section className="surface-card p-3 mt-4" aria-labelledby="get-paid-title" data-testid="get-paid">
      <div className="d-flex flex-wrap justify-content-between align-items-start gap-2">
        <h2 id="get-paid-title" className="h5 mb-1">
          {m.pay_get_paid()}
        </h2>
        {status && (
          <span className={`badge ${STATES[status.account][1]}`} data-testid="payout-state">
            {STATES[status.account][0]()}
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
          {m.pay_reading()}
        </p>
      )}
      {status && (
        <>
          <p className="text-secondary">{STATES[status.account][2]()}</p>
          {status.account !== 'payouts-on' && (
            <Button className="btn-gold mb-3" size="sm" disabled={opening} onClick={() => void onboard()}>
              {opening ? m.pay_opening() : status.account === 'none' ? m.pay_get_paid() : m.pay_finish()}
            </Button>
          )}
          {status.months.length ? (
            <ul className="list-unstyled mb-0" data-testid="payout-months">
              {status.months.map((p) => (
                <li key={p.month} className="d-flex flex-wrap gap-2 justify-content-between border-bottom py-2">
                  <strong>{localMonth(p.month)}</strong>
                  <span>{money(p.amountCents, p.currency)}</span>
                  <span className={p.status === 'sent' ? 'text-success' : 'text-warning'}>{what(p)}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-secondary mb-0">{m.pay_no_months()}</p>
          )}
        </>
      )}
    </section>
  );
}
