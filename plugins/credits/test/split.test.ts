import { expect } from 'chai';
import { platformCut, summarise } from '../payouts.ts';
import { fansOf, splitFan, splitMonth, type FanMonth } from '../split.ts';

/** mulberry32: a small seeded generator, so a failing run can be replayed exactly. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const fan = (userId: number, allocations: Array<[number, number]>, plays: Array<[number, number]> = []): FanMonth => ({
  userId,
  credits: 100,
  allocations: new Map(allocations),
  plays: new Map(plays),
});
const parts = (lines: ReturnType<typeof splitFan>) =>
  Object.fromEntries(lines.map((l) => [l.artistId, [l.amountCents, l.listeningCents]]));

describe('credits: the split (choice first, listening second)', () => {
  const X = 1;
  const Y = 2;
  const Z = 3;

  it('is the worked example of docs/payouts.md', () => {
    const net = 699;
    // A: 60 credits given, 40 left, which follow their plays.
    expect(
      parts(
        splitFan(
          net,
          fan(
            1,
            [
              [X, 40],
              [Y, 20],
            ],
            [
              [Z, 3],
              [X, 1],
            ],
          ),
        ),
      ),
    ).to.deep.equal({
      [X]: [279 + 70, 70],
      [Y]: [140, 0],
      [Z]: [210, 210],
    });
    // B: gave credits, played nothing: today's rule, the whole net over their allocations.
    expect(
      parts(
        splitFan(
          net,
          fan(2, [
            [X, 5],
            [Y, 5],
            [Z, 5],
          ]),
        ),
      ),
    ).to.deep.equal({
      [X]: [233, 0],
      [Y]: [233, 0],
      [Z]: [233, 0],
    });
    // C: a listener only: every credit follows their plays.
    expect(
      parts(
        splitFan(
          net,
          fan(
            3,
            [],
            [
              [Y, 6],
              [Z, 2],
            ],
          ),
        ),
      ),
    ).to.deep.equal({ [Y]: [524, 524], [Z]: [175, 175] });
    // D: neither: unallocated.
    expect(splitFan(net, fan(4, []))).to.deep.equal([]);
    // All 100 given: plays move nothing.
    expect(parts(splitFan(net, fan(5, [[X, 100]], [[Z, 40]])))).to.deep.equal({ [X]: [699, 0] });
  });

  it(
    'on random months: each fan’s parts add up to their net, the month ' +
      'to its fees, and money only reaches artists the fan chose or played',
    () => {
      for (const seed of [3, 17, 256, 4242, 90001]) {
        const random = seeded(seed);
        const terms = { feeCents: Math.floor(random() * 2000), platformShare: Math.floor(random() * 95) / 100 };
        const net = terms.feeCents - platformCut(terms);
        const grants = Array.from({ length: 800 }, (_, i) => ({ userId: i + 1, credits: 100 }));
        const allocations = [];
        const plays = [];
        for (const { userId } of grants) {
          let left = 100;
          const gifts = random() < 0.4 ? 0 : Math.floor(random() * 6);
          for (let k = 0; k < gifts && left > 0; k++) {
            const credits = 1 + Math.floor(random() * left);
            left -= credits;
            allocations.push({ userId, artistId: 1 + Math.floor(random() * 60), credits });
          }
          // Heavy players, light players and none at all.
          const artists = random() < 0.3 ? 0 : Math.floor(random() * 12);
          for (let k = 0; k < artists; k++)
            plays.push({
              userId,
              artistId: 1 + Math.floor(random() * 60),
              plays: 1 + Math.floor(random() ** 3 * 1440),
            });
        }
        // Rows of someone who paid nothing this month are ignored.
        allocations.push({ userId: 9999, artistId: 1, credits: 50 });
        plays.push({ userId: 9999, artistId: 2, plays: 500 });
        const fans = fansOf(grants, allocations, plays);
        const lines = splitMonth(terms, fans);
        const month = summarise(terms, grants.length, lines);
        const context = `seed ${seed}`;

        expect(month.platformCents + month.artistsCents + month.unallocatedCents, context).to.equal(month.grossCents);
        expect(month.grossCents, context).to.equal(grants.length * terms.feeCents);
        expect(
          month.artists.reduce((sum, a) => sum + a.amountCents, 0),
          context,
        ).to.equal(month.artistsCents);
        const idle = fans.filter((f) => f.allocations.size === 0 && f.plays.size === 0);
        expect(month.unallocatedCents, `${context}: unallocated only from fans who neither gave nor played`).to.equal(
          idle.length * net,
        );
        expect(lines.some((l) => l.userId === 9999)).to.equal(false);
        for (const f of fans) {
          const own = lines.filter((l) => l.userId === f.userId);
          if (f.allocations.size === 0 && f.plays.size === 0) {
            expect(own, context).to.deep.equal([]);
            continue;
          }
          expect(
            own.reduce((sum, l) => sum + l.amountCents, 0),
            `${context}: fan ${f.userId}`,
          ).to.equal(net);
          for (const l of own) {
            expect(f.allocations.has(l.artistId) || f.plays.has(l.artistId), `${context}: fan ${f.userId}`).to.equal(
              true,
            );
            // Listening money only to artists played, chosen money only to artists chosen.
            if (l.listeningCents > 0) expect(f.plays.has(l.artistId)).to.equal(true);
            if (l.amountCents - l.listeningCents > 0) expect(f.allocations.has(l.artistId)).to.equal(true);
          }
          const given = [...f.allocations.values()].reduce((a, b) => a + b, 0);
          const listened = own.reduce((sum, l) => sum + l.listeningCents, 0);
          // Each credit carries 1 % of the net: what followed listening is the unallocated credits' part, to the cent.
          if (f.plays.size > 0) expect(Math.abs(listened - (net * (100 - given)) / 100), context).to.be.below(1);
          else expect(listened).to.equal(0);
        }
      }
    },
  );

  it('lets one account looping one track move only its own fee', () => {
    const terms = { feeCents: 999, platformShare: 0.3 };
    const others = [fan(1, [[1, 30]], [[2, 4]]), fan(2, [], [[3, 10]]), fan(3, [[3, 100]])];
    const quiet = splitMonth(terms, [...others, fan(4, [], [[9, 1]])]);
    const looping = splitMonth(terms, [...others, fan(4, [], [[9, 48 * 31]])]);
    expect(looping).to.deep.equal(quiet.map((l) => (l.userId === 4 ? { ...l, plays: 1488, fanPlays: 1488 } : l)));
    expect(looping.filter((l) => l.artistId === 9).map((l) => [l.userId, l.amountCents])).to.deep.equal([[4, 699]]);
  });
});
