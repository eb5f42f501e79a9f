import { expect } from 'chai';
import { analysisRows } from '../analysisRows.ts';
import { MIN_GENRE_CONFIDENCE } from '../genre.ts';
import { describeAudio } from '../insights.ts';
import type { AudioMeasurements } from '../types.ts';
import { measured } from './fixtures.ts';

const rows = (m: AudioMeasurements | null) => Object.fromEntries(analysisRows(m ? describeAudio(m) : null));

describe("ai: the analysis dialog's tempo and key lines", () => {
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

  it('says an unsure tempo may be half or double, and an unsure key should be checked by ear', () => {
    const unsure = rows({ ...measured, tempoConfidence: 0.3, key: { tonic: 'A', mode: 'minor', confidence: 0.4 } });
    expect(unsure.Tempo).to.equal('124 BPM · 30 % confidence (unsure: it may be 62 or 248)');
    expect(unsure.Key).to.equal('A minor · 40 % confidence (unsure: check it by ear)');
  });
});

describe("ai: the analysis dialog's genre line", () => {
  const insights = describeAudio(measured);
  const genreRow = (genre: string | null, confidences: number[]) =>
    Object.fromEntries(
      analysisRows({
        ...insights,
        genre,
        genres: confidences.map((confidence, i) => ({
          genre: (['Dance', 'Electronic', 'Pop'] as const)[i],
          confidence,
        })),
      }),
    ).Genre;

  it('names the likeliest genre with its probability and the runners-up', () => {
    expect(genreRow('Dance', [0.62, 0.2, 0.08])).to.equal('Dance · 62 % likely (then Electronic 20 %, Pop 8 %)');
  });

  it('says so when the audio gives no confident answer, showing the closest ones', () => {
    expect(genreRow(null, [0.3, 0.25, 0.12])).to.equal(
      'No confident answer from the audio (closest: Dance 30 %, Electronic 25 %, Pop 12 %)',
    );
  });

  it('names no genre under the confidence floor', () => {
    for (const m of [
      measured,
      { ...measured, bpm: null, tempoConfidence: 0 },
      { ...measured, bpm: 172, bands: { low: 0.6, mid: 0.3, high: 0.1 } },
    ]) {
      const described = describeAudio(m);
      const best = described.genres![0];
      expect(described.genre).to.equal(best.confidence >= MIN_GENRE_CONFIDENCE ? best.genre : null);
      expect(described.genres!.map((g) => g.confidence)).to.deep.equal(
        [...described.genres!.map((g) => g.confidence)].sort((a, b) => b - a),
      );
    }
  });
});
