import { expect } from 'chai';
import { analysisRows } from '../analysisRows.ts';
import { describeAudio } from '../insights.ts';
import type { AudioMeasurements } from '../types.ts';

const measured: AudioMeasurements = {
  durationSeconds: 180,
  source: { codec: 'pcm_s16le', sampleRate: 44100, channels: 2 },
  bpm: 124.2,
  tempoConfidence: 0.7,
  key: { tonic: 'A', mode: 'minor', confidence: 0.82 },
  loudness: { integratedLufs: -14.2, loudnessRangeLu: 6.5, truePeakDbtp: -1.4 },
  plrDb: 12.8,
  bands: { low: 0.38, mid: 0.47, high: 0.15 },
  stereoWidth: 0.2,
  stereoCorrelation: 0.6,
  transientsPerSecond: 2.1,
  tonality: 0.6,
  silent: false,
};
const rows = (m: AudioMeasurements | null) => Object.fromEntries(analysisRows(m ? describeAudio(m) : null));

describe('ai: the analysis dialog\'s tempo and key lines', () => {
  it('shows the tempo and the key with how sure the analysis is', () => {
    expect(rows(measured)).to.include({ Tempo: '124 BPM · 70 % confidence', Key: 'A minor · 82 % confidence' });
  });

  it('says "No steady beat" when the audio was measured and has no pulse (bpm null)', () => {
    expect(rows({ ...measured, bpm: null, tempoConfidence: 0 }).Tempo).to.equal('No steady beat');
  });

  it('says "Unknown" when nothing was measured, and for a silent file', () => {
    expect(rows(null)).to.include({ Tempo: 'Unknown', Key: 'Unknown' });
    expect(rows({ ...measured, bpm: null, key: null, silent: true }).Tempo).to.equal('Unknown');
  });
});
