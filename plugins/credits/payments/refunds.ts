import type { Knex } from 'knex';
import type { Kernel } from '../../../api/plugins/types.ts';
import { MONTHLY_CREDITS } from '../rules.ts';
import { isSettled, monthOf } from '../months.ts';
import type { ProviderReturn } from './provider.ts';

/** What a refund or dispute event is about: the charge (charge.refunded) or the refund or dispute on one. */
export function returnTarget(type: string, object: Record<string, unknown>): { charge?: string; dispute?: string } {
  if (type.startsWith('charge.dispute.')) return { dispute: String(object.id) };
  const charge = object.object === 'charge' ? object.id : object.charge;
  return typeof charge === 'string' ? { charge } : {};
}

/**
 * Money that went back to a fan (docs/payouts.md, "Refunds and disputes"). While the month the
 * payment entered is open, a payment that came back in full takes the fan's fee out of that month's
 * pool: their credits of the month are void (they count for nothing, and no more can be given).
 * Once the month has closed its figures never change: OneTrack absorbs the money from its share,
 * recorded in the month it happened, and artists keep what they were paid.
 */
export async function recordReturns(kernel: Kernel, trx: Knex.Transaction, returns: ProviderReturn[]) {
  const changed: number[] = [];
  const now = kernel.now();
  for (const item of returns) {
    const charge = await trx('payment_charges').where({ chargeId: item.chargeId }).first();
    // Not a membership payment of ours (or its invoice.paid is still on its way: Stripe redelivers).
    if (!charge) continue;
    const open = !isSettled(charge.month, now);
    await trx('payment_refunds')
      .insert({
        refundId: item.id,
        kind: item.kind,
        chargeId: item.chargeId,
        userId: charge.userId,
        month: open ? charge.month : monthOf(now),
        amountCents: item.amountCents,
        feeCents: item.feeCents,
        createdAt: item.createdAt,
      })
      .onConflict('refundId')
      .ignore();
    if (!open || charge.userId === null) continue;
    const [{ back }] = await trx('payment_refunds')
      .where({ chargeId: item.chargeId })
      .where('amountCents', '>', 0)
      .sum({ back: 'amountCents' });
    if (Number(back) < Number(charge.amountCents)) continue;
    await trx('payment_refunds')
      .where({ chargeId: item.chargeId })
      .where('amountCents', '>', 0)
      .update({ fromPool: true });
    await voidMonth(trx, Number(charge.userId), charge.month, now.getTime());
    changed.push(Number(charge.userId));
  }
  return changed;
}

/** The fan's credits of `month` count for nothing: the grant is made void (made so if it did not exist yet). */
async function voidMonth(trx: Knex.Transaction, userId: number, month: string, at: number) {
  await trx('credit_grants')
    .insert({
      userId,
      month,
      credits: MONTHLY_CREDITS,
      remaining: MONTHLY_CREDITS,
      trial: false,
      voided: true,
      createdAt: at,
    })
    .onConflict(['userId', 'month'])
    .ignore();
  await trx('credit_grants').where({ userId, month }).update({ voided: true });
}
