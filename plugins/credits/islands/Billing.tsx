import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { apiRequest, messageOf } from '../../../site/lib/api.ts';
import { plural } from '../../../lib/format.ts';
import { toast } from '../../../site/stores/toasts.ts';
import type { MembershipView } from '../membership.ts';
import { formatCents } from '../money.ts';
import { monthName } from '../months.ts';
import { NO_PAYMENT_TAKEN } from '../rules.ts';
import { $membership } from '../../../site/stores/shell.ts';
import BillingDetails from './BillingDetails.tsx';

export type BillingMembership = MembershipView & {
  feeCents: number;
  currency: string;
  monthlyCredits: number;
  takesMoney: boolean;
};

const BADGES = {
  trial: ['FIRST MONTH INCLUDED', 'text-bg-warning'],
  member: ['ACTIVE', 'text-bg-success'],
  cancelled: ['CANCELLED', 'text-bg-secondary'],
} as const;

/** Where the account stands, in words: what it gets this month and next. */
function standing(m: BillingMembership, credits: string): string {
  if (m.reason) return m.reason;
  const now = monthName(m.month);
  if (m.state === 'member') return `You are a member: ${credits} arrive at the start of every month.`;
  if (m.state === 'trial')
    return (
      `Your first month, ${now}, is included: ${credits} to give ` +
      `this month. Upgrade to keep getting them every month.`
    );
  return `Your membership is cancelled: your credits for ${now} stay, and none come after it.`;
}

/**
 * Spec §2 Billing, made true: "Premium" is the one membership ("no premium tiers": nothing above
 * or below it), at the configured fee with the same credits for everyone. A new account's first
 * month is included; upgrading starts the membership. No payments are taken yet, and it says so.
 */
export default function Billing({ membership: initial }: { membership: BillingMembership }) {
  const [m, setM] = useState(initial);
  const [pending, setPending] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [version, setVersion] = useState(0);
  const fee = formatCents(m.feeCents, m.currency);
  const credits = plural(m.monthlyCredits, 'credit');

  const change = async (action: 'upgrade' | 'cancel') => {
    setPending(true);
    try {
      const next = await apiRequest<typeof m & { checkoutUrl?: string }>('POST', `/api/credits/membership/${action}`);
      // The provider's hosted checkout takes the payment; its confirmation starts the membership.
      if (next.checkoutUrl) return window.location.assign(next.checkoutUrl);
      setM((prev) => ({ ...prev, ...next }));
      $membership.set(next.state);
      setVersion((v) => v + 1);
      setConfirming(false);
      toast(
        action === 'upgrade'
          ? {
              title: 'Welcome to Premium',
              description: `${credits} every month.${m.takesMoney ? '' : ` ${NO_PAYMENT_TAKEN}`}`,
              variant: 'success',
            }
          : {
              title: 'Membership cancelled',
              description: `Your credits for ${monthName(m.month)} stay; none come after it.`,
            },
      );
    } catch (error) {
      toast({
        title: action === 'upgrade' ? 'Upgrade failed' : 'Cancel failed',
        description: messageOf(error, 'Please try again'),
        variant: 'destructive',
      });
    } finally {
      setPending(false);
    }
  };

  const [badge, badgeClass] = BADGES[m.state];
  return (
    <div>
      <div className="surface-card p-3 mb-3" data-testid="billing-plan">
        <div className="d-flex justify-content-between align-items-start gap-2">
          <div>
            <h3 className="h5 mb-1">Premium Plan</h3>
            <p className="mb-0">
              <span className="h4">{fee}</span> <span className="text-secondary">per month</span>
            </p>
          </div>
          <span className={`badge ${badgeClass}`} data-testid="billing-state">
            {badge}
          </span>
        </div>
        <p className="mt-3 mb-2">
          Premium is OneTrack's only membership: there are no premium tiers above it and no cheaper tier below it. Every
          member pays the same {fee} and gets {credits} each month, so no fan's voice is louder than another's. A new
          account's first month is included. There is no other plan to change to.
        </p>
        <p className={m.reason ? 'text-warning' : 'text-secondary'} role="status" data-testid="billing-standing">
          {standing(m, credits)}
        </p>
        <ul className="mb-3 text-secondary">
          <li>Every monthly drop from every artist</li>
          <li>{credits} each month to give to the artists you love</li>
          <li>Messages with artists and exclusive fan drops</li>
          <li>High quality audio</li>
        </ul>
        <div className="d-flex flex-wrap gap-2 align-items-center">
          {m.state === 'member' ? (
            confirming ? (
              <>
                <span className="small">Cancel? Your credits for {monthName(m.month)} stay; none come after it.</span>
                <Button variant="danger" size="sm" disabled={pending} onClick={() => void change('cancel')}>
                  {pending ? 'Cancelling…' : 'Yes, cancel'}
                </Button>
                <Button variant="outline-light" size="sm" disabled={pending} onClick={() => setConfirming(false)}>
                  Keep Premium
                </Button>
              </>
            ) : (
              <Button variant="outline-danger" size="sm" onClick={() => setConfirming(true)}>
                Cancel Subscription
              </Button>
            )
          ) : (
            <Button className="btn-gold" size="sm" disabled={pending} onClick={() => void change('upgrade')}>
              {pending ? 'Upgrading…' : m.state === 'cancelled' ? 'Rejoin Premium' : 'Upgrade to Premium'}
            </Button>
          )}
        </div>
        {!m.takesMoney && m.state !== 'member' && <p className="small text-secondary mt-2 mb-0">{NO_PAYMENT_TAKEN}</p>}
      </div>
      <div className="surface-card p-3">
        <h3 className="h6">Payment</h3>
        {m.takesMoney ? (
          <BillingDetails version={version} />
        ) : (
          <p className="text-secondary mb-0" data-testid="billing-no-payment">
            No card is on file and none is needed:{' '}
            {NO_PAYMENT_TAKEN.charAt(0).toLowerCase() + NO_PAYMENT_TAKEN.slice(1)}
          </p>
        )}
      </div>
    </div>
  );
}
