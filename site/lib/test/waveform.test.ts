import { expect } from 'chai';
import { barsPath, barsPlayed } from '../waveform.ts';

describe('waveform bars', () => {
  it('draws each peak as a bar 2 units wide every 3, centred, with rounded ends', () => {
    // 0.5 of 40 units: 10 to 30, ends of radius 1 (the straight part 18 units).
    expect(barsPath([0.5])).to.equal('M0 11a1 1 0 0 1 2 0v18a1 1 0 0 1-2 0z');
    const path = barsPath([0.5, 0.25, 1]);
    expect(path.match(/M[\d.]+ [\d.]+/g)).to.deep.equal(['M0 11', 'M3 16', 'M6 1']);
    expect(path.match(/v[\d.]+/g)).to.deep.equal(['v18', 'v8', 'v38']);
  });

  it('keeps silence a bar 1 unit high, its ends flattened to fit', () => {
    expect(barsPath([0])).to.equal('M0 20a1 0.5 0 0 1 2 0v0a1 0.5 0 0 1-2 0z');
    expect(barsPath([0.03])).to.equal('M0 20a1 0.6 0 0 1 2 0v0a1 0.6 0 0 1-2 0z');
  });

  it('rounds to hundredths', () => {
    expect(barsPath([0.3333])).to.equal('M0 14.33a1 1 0 0 1 2 0v11.33a1 1 0 0 1-2 0z');
  });

  it('counts a bar played once half of it is', () => {
    expect(barsPlayed(160, 0)).to.equal(0);
    expect(barsPlayed(160, 0.5 / 160 - 0.0001)).to.equal(0);
    expect(barsPlayed(160, 0.5 / 160)).to.equal(1);
    expect(barsPlayed(160, 0.5)).to.equal(80);
    expect(barsPlayed(160, 1.2)).to.equal(160);
  });
});
