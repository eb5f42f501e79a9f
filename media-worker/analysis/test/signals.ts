// Test signals with known answers, synthesised here: clicks and drum patterns at a tempo, chord
// progressions in a key, sines at a level and band-limited noise. Stereo float at any rate,
// written as 16-bit WAV for the ffmpeg path.
import { writeFileSync } from 'node:fs';
import { fft } from '../fft.ts';

export interface Signal {
  rate: number;
  left: Float32Array;
  right: Float32Array;
}

/** Deterministic noise, so a failing test fails the same way twice. */
function random(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return ((s >>> 0) / 4294967296) * 2 - 1;
  };
}

function silence(seconds: number, rate: number): Signal {
  const n = Math.round(seconds * rate);
  return { rate, left: new Float32Array(n), right: new Float32Array(n) };
}

/** Adds a mono sound at time t (seconds) to both channels. */
function mix(signal: Signal, at: number, sound: Float32Array, gain = 1): void {
  const start = Math.round(at * signal.rate);
  for (let i = 0; i < sound.length && start + i < signal.left.length; i++) {
    signal.left[start + i] += sound[i] * gain;
    signal.right[start + i] += sound[i] * gain;
  }
}

function decaying(
  rate: number,
  seconds: number,
  decay: number,
  sample: (t: number, i: number) => number,
): Float32Array {
  const out = new Float32Array(Math.round(seconds * rate));
  for (let i = 0; i < out.length; i++) {
    const t = i / rate;
    out[i] = sample(t, i) * Math.exp(-t / decay);
  }
  return out;
}

export function clickTrack(bpm: number, seconds: number, rate = 44100): Signal {
  const signal = silence(seconds, rate);
  const accent = decaying(rate, 0.03, 0.006, (t) => Math.sin(2 * Math.PI * 1500 * t));
  const click = decaying(rate, 0.03, 0.006, (t) => Math.sin(2 * Math.PI * 1000 * t));
  for (let beat = 0, t = 0.1; t < seconds; beat++, t = 0.1 + (beat * 60) / bpm) {
    mix(signal, t, beat % 4 === 0 ? accent : click, beat % 4 === 0 ? 0.8 : 0.5);
  }
  return signal;
}

/** Rock beat: kick on 1 and 3, snare on 2 and 4, closed hi-hat on every eighth note. */
export function drumPattern(bpm: number, seconds: number, rate = 44100): Signal {
  const signal = silence(seconds, rate);
  const noise = random(7);
  const kick = decaying(rate, 0.4, 0.12, (t) =>
    Math.sin(2 * Math.PI * (50 * t + 70 * 0.05 * (1 - Math.exp(-t / 0.05)))),
  );
  const snare = decaying(rate, 0.25, 0.07, (t) => 0.6 * noise() + 0.4 * Math.sin(2 * Math.PI * 190 * t));
  let previous = 0;
  const hat = decaying(rate, 0.06, 0.015, () => {
    const white = noise();
    const high = white - previous;
    previous = white;
    return high;
  });
  const eighth = 30 / bpm;
  for (let step = 0, t = 0.1; t < seconds; step++, t = 0.1 + step * eighth) {
    mix(signal, t, hat, 0.25);
    if (step % 2 === 1) continue;
    mix(signal, t, (step / 2) % 2 === 0 ? kick : snare, 0.7);
  }
  return signal;
}

const NOTE_NAMES = ['C', 'C#', 'D', 'Eb', 'E', 'F', 'F#', 'G', 'Ab', 'A', 'Bb', 'B'];
const MAJOR_STEPS = [0, 2, 4, 5, 7, 9, 11];
const MINOR_STEPS = [0, 2, 3, 5, 7, 8, 11]; // harmonic minor: V is major, as in most minor-key music

/** A piano-like tone: a few harmonics, quick attack, exponential decay. */
function tone(midi: number, seconds: number, rate: number): Float32Array {
  const f = 440 * Math.pow(2, (midi - 69) / 12);
  const out = new Float32Array(Math.round(seconds * rate));
  for (let i = 0; i < out.length; i++) {
    const t = i / rate;
    const envelope = Math.min(1, t / 0.01) * Math.exp(-t / 1.2) * Math.min(1, (seconds - t) / 0.05);
    let v = 0;
    for (let h = 1; h <= 4; h++) v += Math.sin(2 * Math.PI * f * h * t) / (h * h);
    out[i] = v * envelope;
  }
  return out;
}

/**
 * Chords on scale degrees (1-based, e.g. [1, 4, 5, 1]) in a key such as "A minor", each with its
 * root doubled in the bass, repeated to fill `seconds`.
 */
export function chordProgression(key: string, degrees: number[], seconds: number, rate = 44100): Signal {
  const [tonicName, mode] = key.split(' ');
  const tonic = 60 + NOTE_NAMES.indexOf(tonicName);
  if (tonic < 60) throw new Error(`unknown tonic ${tonicName}`);
  const steps = mode === 'minor' ? MINOR_STEPS : MAJOR_STEPS;
  const pitch = (degree: number) => tonic + steps[degree % 7] + 12 * Math.floor(degree / 7);
  const signal = silence(seconds, rate);
  const chordSeconds = 2;
  for (let i = 0, t = 0; t + chordSeconds <= seconds; i++, t += chordSeconds) {
    const root = degrees[i % degrees.length] - 1;
    for (const note of [pitch(root), pitch(root + 2), pitch(root + 4)])
      mix(signal, t, tone(note, chordSeconds, rate), 0.15);
    mix(signal, t, tone(pitch(root) - 24, chordSeconds, rate), 0.2);
  }
  return signal;
}

/** A sine whose peak is at `dbfs` in both channels. */
export function sine(hz: number, dbfs: number, seconds: number, rate = 44100): Signal {
  const signal = silence(seconds, rate);
  const amplitude = Math.pow(10, dbfs / 20);
  for (let i = 0; i < signal.left.length; i++)
    signal.left[i] = signal.right[i] = amplitude * Math.sin((2 * Math.PI * hz * i) / rate);
  return signal;
}

/** White noise filtered to a band by zeroing every other frequency bin; uncorrelated channels. */
export function bandNoise(fromHz: number, toHz: number, seconds: number, rate = 44100): Signal {
  const signal = silence(seconds, rate);
  const rnd = random(11);
  const n = 1 << Math.ceil(Math.log2(signal.left.length));
  for (const channel of [signal.left, signal.right]) {
    // A random spectrum inside the band; the inverse FFT is the forward FFT of the conjugate.
    const re = new Float64Array(n);
    const im = new Float64Array(n);
    for (let k = 1; k < n / 2; k++) {
      const hz = (k * rate) / n;
      if (hz < fromHz || hz > toHz) continue;
      re[k] = rnd();
      im[k] = rnd();
      re[n - k] = re[k];
      im[n - k] = -im[k];
    }
    for (let k = 0; k < n; k++) im[k] = -im[k];
    fft(re, im);
    let peak = 0;
    for (let i = 0; i < channel.length; i++) peak = Math.max(peak, Math.abs(re[i]));
    for (let i = 0; i < channel.length; i++) channel[i] = (0.5 * re[i]) / peak;
  }
  return signal;
}

export function interleave(signal: Signal): Float32Array {
  const out = new Float32Array(signal.left.length * 2);
  for (let i = 0; i < signal.left.length; i++) {
    out[2 * i] = signal.left[i];
    out[2 * i + 1] = signal.right[i];
  }
  return out;
}

/** 16-bit PCM WAV bytes. */
export function wavBytes(signal: Signal): Buffer {
  const frames = signal.left.length;
  const data = Buffer.alloc(44 + frames * 4);
  data.write('RIFF', 0);
  data.writeUInt32LE(36 + frames * 4, 4);
  data.write('WAVEfmt ', 8);
  data.writeUInt32LE(16, 16);
  data.writeUInt16LE(1, 20);
  data.writeUInt16LE(2, 22);
  data.writeUInt32LE(signal.rate, 24);
  data.writeUInt32LE(signal.rate * 4, 28);
  data.writeUInt16LE(4, 32);
  data.writeUInt16LE(16, 34);
  data.write('data', 36);
  data.writeUInt32LE(frames * 4, 40);
  const toInt = (v: number) => Math.max(-32768, Math.min(32767, Math.round(v * 32767)));
  for (let i = 0; i < frames; i++) {
    data.writeInt16LE(toInt(signal.left[i]), 44 + i * 4);
    data.writeInt16LE(toInt(signal.right[i]), 46 + i * 4);
  }
  return data;
}

export function writeWav(file: string, signal: Signal): void {
  writeFileSync(file, wavBytes(signal));
}
