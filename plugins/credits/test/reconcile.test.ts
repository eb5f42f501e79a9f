import { expect } from 'chai';
import { summarise, type FanAllocation } from '../payouts.ts';
import { fansOf, splitMonth } from '../split.ts';
import { reconcile, type MonthMoney } from '../payments/reconcile.ts';
import { seeded } from './fixtures.ts';

/**
 * A random closed month through the real formula, and the money around it as the provider would
 * report it: paying members' charges (each with Stripe's fee), included first months, refunds the
 * platform absorbs, and transfers sent, failed or held (unboarded artists, sums under a minimum).
 * Fans allocate some credits and play some artists, so money also follows listening (split.ts).
 */
function randomMonth(random: () => number): MonthMoney {
  const feeCents = 300 + Math.floor(random() * 2000);
  const terms = { feeCents, platformShare: Math.floor(random() * 50) / 100 };
  const fans = 1 + Math.floor(random() * 60);
  const trials = Math.floor(random() * (fans + 1));
  const allocations: FanAllocation[] = [];
  const plays: Array<{ userId: number; artistId: number; plays: number }> = [];
  for (let userId = 1; userId <= fans; userId++) {
    while (random() < 0.5)
      plays.push({ userId, artistId: 1 + Math.floor(random() * 12), plays: 1 + Math.floor(random() * 40) });
    let left = 100;
    while (left > 0 && random() < 0.7) {
      const credits = 1 + Math.floor(random() * left);
      left -= credits;
      allocations.push({ userId, artistId: 1 + Math.floor(random() * 12), credits });
    }
  }
  const grants = Array.from({ length: fans }, (_, i) => ({ userId: i + 1, credits: 100 }));
  const month = summarise(terms, fans, splitMonth(terms, fansOf(grants, allocations, plays)));
  let feesCents = 0;
  for (let i = 0; i < fans - trials; i++) feesCents += Math.round(feeCents * 0.015) + 25;
  let refundsCents = 0;
  for (let i = 0; i < fans - trials; i++) if (random() < 0.05) refundsCents += feeCents;
  let sentCents = 0;
  let heldCents = 0;
  for (const artist of month.artists) {
    // Unboarded, under the minimum or failed: held; else sent.
    if (random() < 0.3) heldCents += artist.amountCents;
    else sentCents += artist.amountCents;
  }
  return {
    grossCents: month.grossCents,
    fundedCents: trials * feeCents,
    platformCents: month.platformCents,
    artistsCents: month.artistsCents,
    unallocatedCents: month.unallocatedCents,
    collectedCents: (fans - trials) * feeCents,
    feesCents,
    refundsCents,
    poolRefundsCents: 0,
    sentCents,
    heldCents,
  };
}

describe('credits: every cent of a closed month reconciles (random months)', () => {
  it('collected + platform-funded − refunds − fees = platform share + sent + held + unallocated, to the cent', () => {
    const random = seeded(41);
    for (let i = 0; i < 500; i++) {
      const money = randomMonth(random);
      const result = reconcile(money);
      expect(result.differenceCents, `month ${i}`).to.equal(0);
      expect(result.unpaidCents, `month ${i}`).to.equal(0);
      expect(result.platformNetCents).to.equal(money.platformCents - money.feesCents - money.refundsCents);
    }
  });

  it('flags a member who never paid, a transfer of another amount, and a month not yet paid out', () => {
    const random = seeded(7);
    for (let i = 0; i < 200; i++) {
      const money = randomMonth(random);
      if (money.collectedCents === 0 || money.sentCents === 0) continue;
      expect(reconcile({ ...money, collectedCents: money.collectedCents - 1 }).differenceCents).to.equal(-1);
      expect(reconcile({ ...money, sentCents: money.sentCents + 1 }).differenceCents).to.equal(-1);
      const notRun = reconcile({ ...money, sentCents: 0, heldCents: 0 });
      expect(notRun.differenceCents).to.equal(money.sentCents + money.heldCents);
      expect(notRun.unpaidCents).to.equal(money.artistsCents);
    }
  });
});
