import { expect } from 'chai';
import { barsPath, playedWidth } from '../waveform.ts';

/** Each bar's start (x, y) and straight part, from the path's relative moves. */
function bars(path: string) {
  let x = 0;
  let y = 0;
  return [...path.matchAll(/([Mm])(-?[\d.]+)[ ]?(-?[\d.]+)a1 ([\d.]+) 0 012 0v([\d.]+)a1 \4 0 01-2 0z/g)].map(
    ([, move, dx, dy, ry, straight]) => {
      x = move === 'M' ? Number(dx) : x + Number(dx);
      y = Math.round((move === 'M' ? Number(dy) : y + Number(dy)) * 10) / 10;
      return {
        x,
        top: Math.round((y - Number(ry)) * 10) / 10,
        height: Math.round((Number(straight) + 2 * Number(ry)) * 10) / 10,
      };
    },
  );
}

describe('waveform bars', () => {
  it('draws each peak as a bar 2 units wide every 3, centred, with rounded ends', () => {
    // 0.5 of 40 units: 10 to 30, ends of radius 1 (the straight part 18 units).
    expect(barsPath([0.5])).to.equal('M0 11a1 1 0 012 0v18a1 1 0 01-2 0z');
    expect(barsPath([0.5, 0.25, 1])).to.equal(
      'M0 11a1 1 0 012 0v18a1 1 0 01-2 0zm3 5a1 1 0 012 0v8a1 1 0 01-2 0zm3-15a1 1 0 012 0v38a1 1 0 01-2 0z',
    );
    expect(bars(barsPath([0.5, 0.25, 1]))).to.deep.equal([
      { x: 0, top: 10, height: 20 },
      { x: 3, top: 15, height: 10 },
      { x: 6, top: 0, height: 40 },
    ]);
  });

  it('keeps silence a bar 1 unit high, its ends flattened to fit', () => {
    expect(barsPath([0])).to.equal('M0 20a1 0.5 0 012 0v0a1 0.5 0 01-2 0z');
    expect(bars(barsPath([0.5, 0.03]))[1]).to.deep.equal({ x: 3, top: 19.4, height: 1.2 });
  });

  it('places every bar within a tenth of a unit, however many there are', () => {
    const peaks = Array.from({ length: 160 }, (_, i) => Math.abs(Math.sin(i * 0.37)) * 0.97);
    const drawn = bars(barsPath(peaks));
    expect(drawn).to.have.length(160);
    drawn.forEach((bar, i) => {
      const height = Math.max(1, peaks[i] * 40);
      expect(bar.x).to.equal(i * 3);
      expect(bar.height).to.be.closeTo(height, 0.11);
      expect(bar.top).to.be.closeTo((40 - height) / 2, 0.11);
    });
  });

  it('covers the bars played, a bar once half of it is, up to the middle of the next gap', () => {
    expect(playedWidth(160, 0)).to.equal(0);
    expect(playedWidth(160, 0.5 / 160 - 0.0001)).to.equal(0);
    expect(playedWidth(160, 0.5 / 160)).to.equal(2.5);
    expect(playedWidth(160, 0.5)).to.equal(80 * 3 - 0.5);
    expect(playedWidth(160, 1.2)).to.equal(480 - 0.5);
  });
});
