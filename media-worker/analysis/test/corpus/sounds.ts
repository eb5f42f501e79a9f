// The corpus's instruments: drums, basses and pitched voices synthesised from a few parameters that
// each case draws at random, so no two cases share a kit or a timbre. Mono Float32 at `rate`.
import type { Random } from './random.ts';

export type Sound = Float32Array;

const TAU = 2 * Math.PI;
export const midiHz = (midi: number) => 440 * Math.pow(2, (midi - 69) / 12);

function buffer(seconds: number, rate: number): Sound {
  return new Float32Array(Math.max(1, Math.round(seconds * rate)));
}

/** One-pole low-pass (coefficient from a cut-off), in place. */
function lowPass(x: Sound, hz: number, rate: number): Sound {
  const a = Math.exp((-TAU * hz) / rate);
  let y = 0;
  for (let i = 0; i < x.length; i++) x[i] = y = (1 - a) * x[i] + a * y;
  return x;
}

/** x minus its low-passed self: a gentle high-pass, in place. */
function highPass(x: Sound, hz: number, rate: number): Sound {
  const low = lowPass(Float32Array.from(x), hz, rate);
  for (let i = 0; i < x.length; i++) x[i] -= low[i];
  return x;
}

export interface DrumKit {
  kick: Sound;
  snare: Sound;
  clap: Sound;
  closedHat: Sound;
  openHat: Sound;
  ride: Sound;
  rim: Sound;
}

/** A kit: pitch sweep and decay of the kick, tone/noise balance of the snare, brightness of the cymbals. */
export function drumKit(rnd: Random, rate: number): DrumKit {
  const kickFrom = rnd.range(90, 170);
  const kickTo = rnd.range(38, 62);
  const kickSweep = rnd.range(0.02, 0.06);
  const kickDecay = rnd.range(0.08, 0.3);
  const kickClick = rnd.range(0, 0.4);
  const kick = buffer(kickDecay * 4, rate);
  let phase = 0;
  for (let i = 0; i < kick.length; i++) {
    const t = i / rate;
    phase += (TAU * (kickTo + (kickFrom - kickTo) * Math.exp(-t / kickSweep))) / rate;
    kick[i] = Math.sin(phase) * Math.exp(-t / kickDecay) + kickClick * rnd.noise() * Math.exp(-t / 0.003);
  }

  const snareTone = rnd.range(150, 260);
  const snareNoise = rnd.range(0.4, 0.85);
  const snareDecay = rnd.range(0.06, 0.2);
  const snare = buffer(snareDecay * 4, rate);
  for (let i = 0; i < snare.length; i++) {
    const t = i / rate;
    snare[i] =
      (snareNoise * rnd.noise() + (1 - snareNoise) * Math.sin(TAU * snareTone * t) * Math.exp(-t / 0.04)) *
      Math.exp(-t / snareDecay);
  }
  highPass(snare, rnd.range(150, 600), rate);

  const clap = buffer(0.35, rate);
  const clapDecay = rnd.range(0.05, 0.15);
  for (let i = 0; i < clap.length; i++) {
    const t = i / rate;
    // Three hands a few milliseconds apart, then the room.
    const burst = [0, 0.011, 0.023].reduce((sum, at) => sum + (t >= at ? Math.exp(-(t - at) / 0.004) : 0), 0);
    clap[i] = rnd.noise() * (0.6 * burst + Math.exp(-t / clapDecay) * 0.5);
  }
  highPass(clap, rnd.range(600, 1500), rate);

  const hatCut = rnd.range(3000, 8000);
  const cymbal = (seconds: number, decay: number) => {
    const s = buffer(seconds, rate);
    for (let i = 0; i < s.length; i++) s[i] = rnd.noise() * Math.exp(-i / rate / decay);
    return highPass(highPass(s, hatCut, rate), hatCut, rate);
  };
  const closedHat = cymbal(0.12, rnd.range(0.012, 0.04));
  const openHat = cymbal(0.6, rnd.range(0.12, 0.3));
  const ride = buffer(1.2, rate);
  const rideBell = rnd.range(380, 520);
  for (let i = 0; i < ride.length; i++) {
    const t = i / rate;
    ride[i] =
      (0.3 * rnd.noise() + 0.4 * Math.sin(TAU * rideBell * t) * Math.sin(TAU * rideBell * 2.76 * t)) *
      Math.exp(-t / 0.5);
  }
  highPass(ride, 2000, rate);
  const rim = buffer(0.08, rate);
  const rimTone = rnd.range(700, 1200);
  for (let i = 0; i < rim.length; i++) rim[i] = Math.sin((TAU * rimTone * i) / rate) * Math.exp(-i / rate / 0.012);
  return { kick, snare, clap, closedHat, openHat, ride, rim };
}

export type Voice = 'piano' | 'epiano' | 'pluck' | 'organ' | 'pad' | 'saw';
export const VOICES: readonly Voice[] = ['piano', 'epiano', 'pluck', 'organ', 'pad', 'saw'];

/**
 * A pitched note. Voices differ in harmonics and envelope: piano (stretched partials, decay),
 * electric piano (FM bell), pluck (Karplus–Strong string), organ (steady drawbars), pad (slow
 * swell), saw (bright synth).
 */
export function note(voice: Voice, midi: number, seconds: number, rate: number, rnd: Random): Sound {
  const f = midiHz(midi);
  const out = buffer(seconds + (voice === 'pad' ? 0.4 : 0.15), rate);
  const release = (t: number) => (t < seconds ? 1 : Math.max(0, 1 - (t - seconds) / (voice === 'pad' ? 0.4 : 0.15)));
  if (voice === 'pluck') {
    // Karplus–Strong: a noise burst in a delay line, averaged on every pass.
    const period = Math.max(2, Math.round(rate / f));
    const line = new Float32Array(period);
    for (let i = 0; i < period; i++) line[i] = rnd.noise();
    const damping = 0.996;
    for (let i = 0; i < out.length; i++) {
      const j = i % period;
      const v = line[j];
      line[j] = damping * 0.5 * (v + line[(j + 1) % period]);
      out[i] = v * release(i / rate);
    }
    return lowPass(out, 5000, rate);
  }
  const partials =
    voice === 'organ'
      ? [1, 0.7, 0.5, 0, 0.3, 0, 0, 0.2]
      : voice === 'saw'
        ? [1, 0.5, 0.33, 0.25, 0.2, 0.17, 0.14, 0.12]
        : voice === 'pad'
          ? [1, 0.45, 0.3, 0.2, 0.12]
          : [1, 0.5, 0.28, 0.18, 0.1, 0.06];
  const stretch = voice === 'piano' ? 0.0004 : 0;
  const detune = voice === 'pad' || voice === 'saw' ? 1.004 : 1;
  for (let h = 0; h < partials.length; h++) {
    const amplitude = partials[h];
    const fh = f * (h + 1) * Math.sqrt(1 + stretch * (h + 1) * (h + 1));
    if (!amplitude || fh > rate / 2.2) continue;
    const decay = voice === 'piano' ? 1.6 / (1 + 0.5 * h) : voice === 'epiano' ? 1.2 / (1 + h) : 1e9;
    for (let i = 0; i < out.length; i++) {
      const t = i / rate;
      const wave =
        detune === 1 ? Math.sin(TAU * fh * t) : 0.5 * (Math.sin(TAU * fh * t) + Math.sin(TAU * fh * detune * t));
      out[i] += amplitude * wave * Math.exp(-t / decay);
    }
  }
  if (voice === 'epiano') {
    for (let i = 0; i < out.length; i++) {
      const t = i / rate;
      out[i] += 0.3 * Math.sin(TAU * f * t + 2 * Math.exp(-t / 0.3) * Math.sin(TAU * f * 14 * t)) * Math.exp(-t / 0.4);
    }
  }
  const attack = voice === 'pad' ? 0.25 : voice === 'organ' ? 0.01 : 0.004;
  for (let i = 0; i < out.length; i++) {
    const t = i / rate;
    out[i] *= Math.min(1, t / attack) * release(t) * 0.3;
  }
  return out;
}

/** A bass note: a low-passed saw or a rounder sine-ish tone, short attack. */
export function bassNote(midi: number, seconds: number, rate: number, bright: number): Sound {
  const f = midiHz(midi);
  const out = buffer(seconds + 0.05, rate);
  const harmonics = 1 + Math.round(bright * 7);
  for (let h = 1; h <= harmonics; h++) {
    if (f * h > rate / 2.2) break;
    for (let i = 0; i < out.length; i++) out[i] += Math.sin((TAU * f * h * i) / rate) / h;
  }
  for (let i = 0; i < out.length; i++) {
    const t = i / rate;
    out[i] *=
      0.4 * Math.min(1, t / 0.005) * Math.exp(-t / 0.6) * (t < seconds ? 1 : Math.max(0, 1 - (t - seconds) / 0.05));
  }
  return out;
}
