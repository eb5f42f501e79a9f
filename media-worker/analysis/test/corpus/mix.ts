// Puts the corpus's sounds on a stereo timeline, then the room (a Schroeder reverb), the noise
// floor and the master level. Notes are rendered once per case and reused.
import type { Signal } from '../signals.ts';
import type { Random } from './random.ts';
import { bassNote, note, type Sound, type Voice } from './sounds.ts';

export interface Room {
  /** Share of reverb in the mix, 0 (dry) .. 0.5. */
  wet: number;
  /** Feedback of the combs: 0.7 (small room) .. 0.88 (hall). */
  size: number;
}

export class Mix {
  readonly rate: number;
  readonly left: Float32Array;
  readonly right: Float32Array;
  private readonly rnd: Random;
  private readonly notes = new Map<string, Sound>();

  constructor(seconds: number, rate: number, rnd: Random) {
    this.rate = rate;
    this.left = new Float32Array(Math.round(seconds * rate));
    this.right = new Float32Array(this.left.length);
    this.rnd = rnd;
  }

  get seconds(): number {
    return this.left.length / this.rate;
  }

  /** Adds a sound at `at` seconds; pan -1 (left) .. 1 (right), equal power. */
  add(sound: Sound, at: number, gain: number, pan = 0): void {
    const start = Math.round(at * this.rate);
    const l = gain * Math.cos(((pan + 1) * Math.PI) / 4);
    const r = gain * Math.sin(((pan + 1) * Math.PI) / 4);
    const from = Math.max(0, -start);
    const to = Math.min(sound.length, this.left.length - start);
    for (let i = from; i < to; i++) {
      this.left[start + i] += sound[i] * l;
      this.right[start + i] += sound[i] * r;
    }
  }

  note(voice: Voice, midi: number, at: number, seconds: number, gain: number, pan = 0): void {
    const key = `${voice}:${midi}:${seconds.toFixed(3)}`;
    let sound = this.notes.get(key);
    if (!sound) this.notes.set(key, (sound = note(voice, midi, seconds, this.rate, this.rnd)));
    this.add(sound, at, gain, pan);
  }

  bass(midi: number, at: number, seconds: number, gain: number, bright: number): void {
    const key = `bass:${midi}:${seconds.toFixed(3)}:${bright}`;
    let sound = this.notes.get(key);
    if (!sound) this.notes.set(key, (sound = bassNote(midi, seconds, this.rate, bright)));
    this.add(sound, at, gain);
  }

  /** Four parallel feedback combs and two all-passes per channel (Schroeder), different delays left and right. */
  reverb(room: Room): void {
    if (room.wet <= 0) return;
    for (const [channel, offset] of [
      [this.left, 0],
      [this.right, 23],
    ] as const) {
      const dry = Float32Array.from(channel);
      const wet = new Float32Array(channel.length);
      for (const ms of [29.7, 37.1, 41.1, 43.7]) {
        const d = Math.round(((ms + offset * 0.05) / 1000) * this.rate);
        const line = new Float32Array(channel.length);
        for (let i = 0; i < channel.length; i++) line[i] = dry[i] + (i >= d ? room.size * line[i - d] : 0);
        for (let i = 0; i < channel.length; i++) wet[i] += line[i] * 0.25;
      }
      for (const [ms, g] of [
        [5.0, 0.7],
        [1.7, 0.7],
      ]) {
        const d = Math.round(((ms + offset * 0.01) / 1000) * this.rate);
        const input = Float32Array.from(wet);
        for (let i = 0; i < channel.length; i++) wet[i] = -g * input[i] + (i >= d ? input[i - d] + g * wet[i - d] : 0);
      }
      for (let i = 0; i < channel.length; i++) channel[i] = (1 - room.wet) * dry[i] + room.wet * wet[i];
    }
  }

  /** Pink-ish noise (white through one low-pass) at `snrDb` below the mix's RMS. */
  noise(snrDb: number): void {
    let energy = 0;
    for (let i = 0; i < this.left.length; i++) energy += this.left[i] ** 2 + this.right[i] ** 2;
    const rms = Math.sqrt(energy / (2 * this.left.length));
    const level = rms * Math.pow(10, -snrDb / 20) * 2.2;
    let l = 0;
    let r = 0;
    for (let i = 0; i < this.left.length; i++) {
      l = 0.9 * l + 0.1 * this.rnd.noise() * 3;
      r = 0.9 * r + 0.1 * this.rnd.noise() * 3;
      this.left[i] += level * (0.5 * l + 0.5 * this.rnd.noise());
      this.right[i] += level * (0.5 * r + 0.5 * this.rnd.noise());
    }
  }

  /** Peak-normalised to `peakDb` dBFS; `drive` > 0 adds soft clipping (a loud master) first. */
  master(peakDb: number, drive = 0): Signal {
    let peak = 0;
    for (let i = 0; i < this.left.length; i++) peak = Math.max(peak, Math.abs(this.left[i]), Math.abs(this.right[i]));
    if (peak > 0) {
      const pre = drive > 0 ? (1 + drive * 4) / peak : 1 / peak;
      const shape = (v: number) => (drive > 0 ? Math.tanh(v * pre) / Math.tanh(1 + drive * 4) : v * pre);
      const gain = Math.pow(10, peakDb / 20);
      for (let i = 0; i < this.left.length; i++) {
        this.left[i] = shape(this.left[i]) * gain;
        this.right[i] = shape(this.right[i]) * gain;
      }
    }
    return { rate: this.rate, left: this.left, right: this.right };
  }
}

/** The production of one case: room, noise floor, master level and loudness, all drawn at random. */
export function finishMix(mix: Mix, rnd: Random): Signal {
  const room = rnd.pick([
    { wet: 0, size: 0 },
    { wet: rnd.range(0.08, 0.2), size: 0.72 },
    { wet: rnd.range(0.15, 0.35), size: rnd.range(0.8, 0.88) },
  ]);
  mix.reverb(room);
  if (rnd.chance(0.6)) mix.noise(rnd.range(12, 35));
  return mix.master(rnd.range(-24, -1), rnd.chance(0.3) ? rnd.range(0.2, 1) : 0);
}
