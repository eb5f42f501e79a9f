import { expect } from 'chai';
import { describeAudio } from '../insights.ts';
import { measured as base } from './fixtures.ts';

describe('ai: insights in words from measured numbers', () => {
  it('praises what meets the targets, with the numbers', () => {
    const insights = describeAudio(base);
    expect(insights).to.include({ bpm: 124, key: 'A minor' });
    expect(insights.genres).to.have.length(3);
    expect(insights.creativeStrengths).to.include.members([
      'Loudness on the streaming target (-14.2 LUFS)',
      'Clean peaks with headroom (true peak −1.4 dBTP)',
      'Clear tonal centre in A minor',
    ]);
    expect(insights.potentialImprovements).to.deep.equal([]);
    expect(insights.frequencyBalance).to.equal('Balanced (low 38% · mid 47% · high 15%)');
    expect(insights.dynamicRange).to.equal('Moderate: loudness range 6.5 LU, peak-to-loudness ratio 12.8 dB');
    expect(insights.instruments).to.include('Percussion (drums or other sharp transients)');
  });

  it('says how far a quiet, clipping, mono master is from −14 LUFS and −1 dBTP', () => {
    const insights = describeAudio({
      ...base,
      loudness: { integratedLufs: -20.4, loudnessRangeLu: 2.1, truePeakDbtp: 0.6 },
      stereoWidth: 0,
      stereoCorrelation: 1,
      source: { codec: 'pcm_s16le', sampleRate: 22050, channels: 1 },
    });
    expect(insights.potentialImprovements).to.include.members([
      'Integrated loudness is -20.4 LUFS, 6.4 LU below the −14 LUFS streaming ' +
        'target: raise the master by about 6.4 dB (with a limiter if peaks get close ' +
        'to −1 dBTP)',
      'True peak reaches +0.6 dBTP, above −1 dBTP: lower the limiter ceiling by 1.6 ' +
        'dB to avoid clipping after lossy encoding',
      'Loudness range is only 2.1 LU: ease the compression to give sections more contrast',
      'The mix is mono: panning or stereo effects would widen the image',
      'Delivered as mono at 22050 Hz: the recommended master is 16-bit 44.1 kHz stereo',
    ]);
    // Narrow range, so not a "dynamic mix" (a sine tone was called both that and heavily compressed).
    expect(insights.dynamicRange).to.match(/^Narrow/);
    expect(insights.productionStyle).to.equal('Quiet master, mono');
  });

  it('calls a quiet master with a wide loudness range a dynamic mix', () => {
    const insights = describeAudio({
      ...base,
      loudness: { integratedLufs: -21, loudnessRangeLu: 14, truePeakDbtp: -3 },
    });
    expect(insights.dynamicRange).to.match(/^Wide/);
    expect(insights.productionStyle).to.match(/^Quiet, dynamic mix/);
  });

  it('names no instrument, key or tempo it did not find, so the dialog shows its fallbacks', () => {
    const insights = describeAudio({
      ...base,
      bpm: null,
      tempoConfidence: 0,
      key: null,
      transientsPerSecond: 0,
      tonality: 0.05,
      bands: { low: 0.1, mid: 0.6, high: 0.3 },
    });
    expect(insights).to.include({ bpm: null, key: null });
    expect(insights.instruments).to.deep.equal([]);
  });

  it('reports silence as silence', () => {
    const insights = describeAudio({
      ...base,
      silent: true,
      loudness: { integratedLufs: null, loudnessRangeLu: 0, truePeakDbtp: null },
    });
    expect(insights).to.include({
      bpm: null,
      key: null,
      genre: null,
      dynamicRange: null,
      frequencyBalance: null,
      productionStyle: null,
    });
    expect(insights.potentialImprovements).to.deep.equal([
      'The file is silent: check the export (muted master bus or wrong track)',
    ]);
  });
});
