import { expect } from 'chai';
import { dbToGain, normalisationGainDb } from '../loudness.ts';

describe('loudness-matched playback gain', () => {
  it('lowers a loud master to the −14 LUFS target', () => {
    expect(normalisationGainDb({ lufs: -6, truePeak: 0.5 })).to.equal(-8);
  });

  it('raises a quiet master only as far as its true peak allows', () => {
    expect(normalisationGainDb({ lufs: -22, truePeak: -10 })).to.equal(8);
    expect(normalisationGainDb({ lufs: -22, truePeak: -3 })).to.equal(3);
    expect(normalisationGainDb({ lufs: -22, truePeak: null })).to.equal(0);
  });

  it('leaves an unmeasured track alone', () => {
    expect(normalisationGainDb({ lufs: null, truePeak: null })).to.equal(0);
  });

  it('converts decibels to a linear gain', () => {
    expect(dbToGain(0)).to.equal(1);
    expect(dbToGain(-20)).to.be.closeTo(0.1, 1e-12);
    expect(dbToGain(6)).to.be.closeTo(1.995, 1e-3);
  });
});
