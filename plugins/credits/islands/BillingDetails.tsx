import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { apiRequest, messageOf } from '../../../site/lib/api.ts';
import { toast } from '../../../site/stores/toasts.ts';
import { formatCents } from '../money.ts';
import { PAYMENT_FAILED } from '../payments/messages.ts';

interface BillingState {
  paymentFailed: boolean;
  nextChargeAt: string | null;
  endsAt: string | null;
  status: string | null;
  card: { brand: string; last4: string; expMonth: number; expYear: number } | null;
  invoices: Array<{
    id: string;
    number: string | null;
    status: string;
    amountCents: number;
    currency: string;
    createdAt: string;
    url: string | null;
  }>;
}

const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
const brandName = (brand: string) => brand.charAt(0).toUpperCase() + brand.slice(1);

/** What the payment provider holds (Settings › Billing with PAYMENT_PROVIDER=stripe): card, next charge, invoices. */
export default function BillingDetails({ version }: { version: number }) {
  const [billing, setBilling] = useState<BillingState | null>(null);
  const [error, setError] = useState('');
  const [opening, setOpening] = useState(false);

  useEffect(() => {
    apiRequest<BillingState>('GET', '/api/credits/payments/billing')
      .then(setBilling)
      .catch((e) => setError(messageOf(e, 'Billing cannot be read just now')));
  }, [version]);

  const manage = async () => {
    setOpening(true);
    try {
      const { url } = await apiRequest<{ url: string }>('POST', '/api/credits/payments/portal');
      window.location.assign(url);
    } catch (e) {
      setOpening(false);
      toast({ title: 'Manage billing failed', description: messageOf(e, 'Please try again'), variant: 'destructive' });
    }
  };

  if (error)
    return (
      <p className="text-warning" role="alert">
        {error}
      </p>
    );
  if (!billing)
    return (
      <p className="text-secondary" role="status">
        <Spinner as="span" size="sm" className="me-2" aria-hidden="true" />
        Reading your billing…
      </p>
    );
  const started = billing.status !== null;
  return (
    <div data-testid="billing-details">
      {billing.paymentFailed && (
        <div className="alert alert-warning" role="alert" data-testid="billing-failed">
          {PAYMENT_FAILED}
        </div>
      )}
      <dl className="row mb-3">
        <dt className="col-sm-4">Next charge</dt>
        <dd className="col-sm-8" data-testid="billing-next-charge">
          {billing.nextChargeAt
            ? day(billing.nextChargeAt)
            : billing.endsAt
              ? `None: your membership ends on ${day(billing.endsAt)}`
              : started
                ? 'None'
                : 'None yet: upgrading opens a secure checkout'}
        </dd>
        <dt className="col-sm-4">Card</dt>
        <dd className="col-sm-8" data-testid="billing-card">
          {billing.card
            ? `${brandName(billing.card.brand)} ending in ${billing.card.last4} (expires ` +
              `${String(billing.card.expMonth).padStart(2, '0')}/${billing.card.expYear})`
            : 'No card on file'}
        </dd>
      </dl>
      <h4 className="h6">Invoices</h4>
      {billing.invoices.length ? (
        <ul className="list-unstyled mb-3" data-testid="billing-invoices">
          {billing.invoices.map((invoice) => (
            <li key={invoice.id} className="d-flex flex-wrap gap-2 justify-content-between border-bottom py-1">
              <span>{day(invoice.createdAt)}</span>
              <span>{formatCents(invoice.amountCents, invoice.currency)}</span>
              <span className={invoice.status === 'paid' ? 'text-success' : 'text-warning'}>
                {invoice.status.charAt(0).toUpperCase() + invoice.status.slice(1)}
              </span>
              {invoice.url ? (
                <a href={invoice.url} target="_blank" rel="noopener noreferrer">
                  Invoice {invoice.number ?? ''}
                  <span className="visually-hidden"> (opens the provider's page)</span>
                </a>
              ) : (
                <span className="text-secondary">not issued yet</span>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-secondary">No invoices yet.</p>
      )}
      <Button
        variant="outline-light"
        size="sm"
        disabled={!started || opening}
        title={started ? undefined : 'Upgrade first: the portal manages a running membership'}
        onClick={() => void manage()}
      >
        {opening ? 'Opening…' : 'Manage billing'}
      </Button>
      {!started && <p className="small text-secondary mt-2 mb-0">Manage billing opens once you have upgraded.</p>}
    </div>
  );
}
