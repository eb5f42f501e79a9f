import { expect } from 'chai';
import { loudnessAdvice } from '../loudnessAdvice.ts';

// The artist's loudness advice says what the loudness-matched player does with the master.

describe('releases: loudness advice', () => {
  it('says a loud master is turned down and wins nothing', () => {
    expect(loudnessAdvice({ integrated: -8.2, truePeak: -0.1, range: 3 }))
      .to.match(/turns this master down by 5\.8 dB to −14 LUFS/)
      .and.match(/true peak of −0\.1 dBTP/);
  });

  it('says a quiet master is raised as far as its true peak allows', () => {
    expect(loudnessAdvice({ integrated: -19.7, truePeak: -8.8, range: 4 })).to.match(/raises this master by 5\.7 dB/);
    expect(loudnessAdvice({ integrated: -22, truePeak: -3, range: 4 })).to.match(
      /room for only 3\.0 dB of the 8\.0 dB/,
    );
  });

  it('says a master at the target plays as mixed', () => {
    expect(loudnessAdvice({ integrated: -14.3, truePeak: -2, range: 5 }))
      .to.match(/plays as you mixed it/)
      .and.not.match(/clipping/);
  });
});
