import { expect } from 'chai';
import { compare, distribution, prorata } from '../fairness.ts';

describe('credits: fairness figures (OneTrack against pro-rata)', () => {
  it('measures a distribution: top shares, Gini, median', () => {
    expect(distribution([5, 5, 5, 5])).to.deep.equal({
      top10Share: 1,
      top1PercentShare: 0.25,
      gini: 0,
      medianCents: 5,
    });
    const skewed = distribution([0, 0, 0, 12]);
    expect(skewed.gini).to.be.closeTo(0.75, 1e-12);
    expect(skewed).to.include({ top1PercentShare: 1, medianCents: 0 });
    // 200 artists: the top 1 % is the best-paid two; the top 10, ten.
    const many = distribution(Array.from({ length: 200 }, (_, i) => i + 1));
    expect(many.top1PercentShare).to.be.closeTo((200 + 199) / 20100, 1e-12);
    expect(many.top10Share).to.be.closeTo((200 * 10 - 45) / 20100, 1e-12);
    expect(many.medianCents).to.equal(101);
    expect(distribution([])).to.deep.equal({ top10Share: 0, top1PercentShare: 0, gini: 0, medianCents: 0 });
  });

  it('splits the pooled net by total plays in whole cents, and compares over the artists either split paid', () => {
    const counterfactual = prorata(
      2097,
      new Map([
        [1, 900],
        [2, 99],
        [3, 1],
        [4, 0],
      ]),
    );
    expect([...counterfactual]).to.deep.equal([
      [1, 1887],
      [2, 208],
      [3, 2],
    ]);
    expect(prorata(2097, new Map())).to.deep.equal(new Map());
    // OneTrack: three fans' 699 each, to whom each chose or played.
    const result = compare(
      new Map([
        [1, 699],
        [2, 699],
        [3, 699],
      ]),
      counterfactual,
    );
    expect(result).to.include({ artists: 3, betterOffShare: 2 / 3, worseOffShare: 1 / 3 });
    expect(result.oneTrack.gini).to.equal(0);
    expect(result.prorata.gini).to.be.above(0.5);
  });
});
