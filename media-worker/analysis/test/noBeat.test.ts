import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { analyzeAudio } from '../analyze.ts';
import { writeWav } from './signals.ts';

/** A sustained A minor chord of pure sines: partials in one band beat, the frame rate aliases that into a ripple. */
function drone(seconds: number, rate = 44100) {
  const left = new Float32Array(seconds * rate);
  for (let i = 0; i < left.length; i++) {
    const t = i / rate;
    left[i] =
      0.15 *
      (Math.sin(2 * Math.PI * 220 * t) +
        Math.sin(2 * Math.PI * 261.63 * t) +
        Math.sin(2 * Math.PI * 329.63 * t) +
        0.5 * Math.sin(2 * Math.PI * 110 * t));
  }
  return { rate, left, right: left.slice() };
}

describe('audio analysis: no beat in a sustained chord', function () {
  // Pure DSP, no database: it runs in the SQLite pass of `npm test` only, not again on MariaDB.
  if (process.env.TEST_DB === 'mysql') return;
  this.timeout(60_000);

  it('reports bpm null (the dialog\'s "No steady beat") for a drone, and still names its key', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'onetrack-drone-'));
    try {
      const file = path.join(dir, 'drone.wav');
      writeWav(file, drone(16));
      const m = await analyzeAudio({ path: file });
      expect(m.bpm).to.equal(null);
      expect(m.tempoConfidence).to.equal(0);
      expect(m.key && `${m.key.tonic} ${m.key.mode}`).to.equal('A minor');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
