import { expect } from 'chai';
import { calibratedKey, KeyEvidence, phraseEndSupport } from '../key.ts';

// The phrase ends' cue in the key's confidence (key.ts, phraseEndSupport): the melody just before each
// 16-beat boundary, counted from the first bass, on the tonic rather than on a related key's tonic.

const HOP_S = 0.05;
const BPM = 120; // a beat is 10 frames, a phrase 160
const C = 0;
const G = 7;

/** A melody of `body` pitch class with `cadence` in the last 0.8 beat of every phrase, the first bass at `start`. */
function evidenceOf(body: number, cadence: number, start = 20, phrases = 4): KeyEvidence {
  const evidence = new KeyEvidence(HOP_S);
  const phrase = 160;
  const frames = start + phrases * phrase + 5;
  evidence.melody = new Int8Array(frames).fill(-1);
  for (let i = start; i < frames; i++) evidence.melody[i] = (i - start) % phrase >= phrase - 8 ? cadence : body;
  evidence.frames = frames;
  evidence.firstBassFrame = start;
  return evidence;
}

describe('key confidence: where the melody ends its phrases', () => {
  it('supports a tonic the phrases end on, and counts against one whose dominant or subdominant they end on', () => {
    const endsOnC = evidenceOf(G, C);
    expect(phraseEndSupport(endsOnC, BPM, C, 'major')).to.equal(1);
    // Read in G major, the phrases end on its subdominant.
    expect(phraseEndSupport(endsOnC, BPM, G, 'major')).to.equal(-1);
    // The relative minor's tonic (A for C major) counts as a related key's too.
    expect(phraseEndSupport(evidenceOf(G, 9), BPM, C, 'major')).to.equal(-1);
  });

  it('places the phrases from the first bass, not from the start of the file', () => {
    // The same song after 3 s of silence: the cadences move with it.
    expect(phraseEndSupport(evidenceOf(G, C, 60), BPM, C, 'major')).to.equal(1);
    const shifted = evidenceOf(G, C, 60);
    shifted.firstBassFrame = 0; // boundaries read 3 s early land in the phrase body
    expect(phraseEndSupport(shifted, BPM, C, 'major')).to.be.below(1);
  });

  it('says nothing without a beat, a bass or a melody at the phrase ends', () => {
    expect(phraseEndSupport(evidenceOf(G, C), null, C, 'major')).to.equal(0);
    const noBass = evidenceOf(G, C);
    noBass.firstBassFrame = -1;
    expect(phraseEndSupport(noBass, BPM, C, 'major')).to.equal(0);
    expect(phraseEndSupport(evidenceOf(-1, -1), BPM, C, 'major')).to.equal(0);
  });

  it('makes a key surer when its phrases end on the tonic, all else equal', () => {
    const evidence = { correlation: 0.8, margin: 0.05, opening: 0.5 };
    const sure = calibratedKey({ ...evidence, phraseEnds: 0.8 });
    const unsure = calibratedKey({ ...evidence, phraseEnds: -0.8 });
    expect(sure).to.be.above(unsure + 0.2);
    expect(unsure).to.be.below(0.5);
  });
});
