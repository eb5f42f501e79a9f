// Writes one song of the realistic corpus as a Standard MIDI File (@tonejs/midi): the style's groove,
// bass, chords, pad and a lead melody over a chord progression in the song's key, humanised (timing
// spread, velocity, swing) and, for a band without a click, drifting or ramping in tempo.
import { createRequire } from 'node:module';
import type { Midi as MidiFile } from '@tonejs/midi';
import type { Random } from '../corpus/random.ts';
import { progressionFor, SCALES, type Chord, type Mode } from './progressions.ts';
import { DRUMS, type Drum, type Style } from './styles.ts';

const { Midi } = createRequire(import.meta.url)('@tonejs/midi') as { Midi: typeof MidiFile };

type Track = ReturnType<MidiFile['addTrack']>;

export type TempoShape = 'steady' | 'drift' | 'ramp';

export interface SongPlan {
  style: Style;
  /** The notated beat at the song's start (its mean for drift and ramps is the truth). */
  bpm: number;
  tonic: number;
  mode: Mode;
  shape: TempoShape;
  seconds: number;
}

const VELOCITY: Record<string, number> = { X: 112, x: 92, o: 64, g: 36 };

/** Beat times (seconds) of a tempo that drifts slowly (±2.5 %) or ramps (±4 % from the middle), or neither. */
function beatClock(plan: SongPlan, rnd: Random): { at(beat: number): number; beats: number; meanBpm: number } {
  const phases = [rnd.range(0, 6.3), rnd.range(0, 6.3)];
  const ramp = rnd.chance(0.5) ? 0.08 : -0.08;
  const times = [0];
  const total = Math.ceil((plan.seconds * plan.bpm * 1.15) / 60) + 2;
  for (let b = 0; b < total; b++) {
    const x = b / total;
    const factor =
      plan.shape === 'drift'
        ? 1 + 0.015 * Math.sin(2 * Math.PI * x * 1.3 + phases[0]) + 0.01 * Math.sin(2 * Math.PI * x * 3.1 + phases[1])
        : plan.shape === 'ramp'
          ? 1 + ramp * (x - 0.5)
          : 1;
    times.push(times[b] + 60 / (plan.bpm * factor));
  }
  let beats = 0;
  while (times[beats + 1] <= plan.seconds) beats++;
  return {
    at: (beat) => {
      const i = Math.max(0, Math.min(times.length - 2, Math.floor(beat)));
      return times[i] + (beat - i) * (times[i + 1] - times[i]);
    },
    beats,
    meanBpm: (beats / times[beats]) * 60,
  };
}

/** A bass note of pitch class `pc` between E2 and Eb3. */
const bassNote = (pc: number) => 40 + ((pc + 8) % 12);

function gaussian(rnd: Random): number {
  return Math.sqrt(-2 * Math.log(1 - rnd.next())) * Math.cos(2 * Math.PI * rnd.next());
}

/** The notes of a chord voiced close around `center` (MIDI note). */
function voicing(chord: Chord, center: number): number[] {
  return chord.intervals.map((i) => {
    let note = center - 6 + ((chord.root + i - (center - 6) + 120) % 12);
    if (note > center + 8) note -= 12;
    return note;
  });
}

export interface WrittenSong {
  bytes: Uint8Array;
  /** Mean tempo of the song (BPM) or null without a beat. */
  bpm: number | null;
}

export function writeSong(plan: SongPlan, rnd: Random): WrittenSong {
  const { style } = plan;
  const midi = new Midi();
  midi.header.setTempo(120);
  const track = (channel: number, program: number) => {
    const t = midi.addTrack();
    t.channel = channel;
    t.instrument.number = program;
    return t;
  };
  const loudness = rnd.range(0.8, 1);
  const velocity = (v: number) => Math.max(0.05, Math.min(1, ((v + rnd.range(-8, 8)) * loudness) / 127));
  const chords = progressionFor(style.harmony, plan.mode, plan.tonic, (n) => rnd.int(0, n - 1));
  if (style.bpm === null) return { bytes: writeFreeTime(plan, rnd, midi, track, chords, velocity), bpm: null };

  const clock = beatClock(plan, rnd);
  const jitter = () => gaussian(rnd) * style.looseness;
  const stepsPerBar = style.beats * style.steps;
  const bars = Math.floor(clock.beats / style.beats);
  const chordOf = (bar: number) => chords[Math.floor(bar / style.barsPerChord) % chords.length];
  /** Time of step `s` of `bar`, swung. */
  const stepTime = (bar: number, s: number) => {
    const swing = style.swing && style.steps % 2 === 0 && s % 2 === 1 ? ((style.swing - 0.5) * 2) / style.steps : 0;
    return clock.at(bar * style.beats + s / style.steps + swing);
  };
  /** Each hit of a part over the whole song: its bar, step, character and the steps until its next hit. */
  const hits = (pattern: string, each: (bar: number, s: number, ch: string, length: number) => void) => {
    const length = pattern.length;
    for (let at = 0; at < bars * stepsPerBar; at++) {
      const ch = pattern[at % length];
      if (ch === '.' || ch === ' ') continue;
      let next = 1;
      while (next < length && pattern[(at + next) % length] === '.') next++;
      each(Math.floor(at / stepsPerBar), at % stepsPerBar, ch, next);
    }
  };
  const note = (t: Track, midiNote: number, time: number, seconds: number, v: number) =>
    t.addNote({
      midi: midiNote,
      time: Math.max(0, time + jitter()),
      duration: Math.max(0.05, seconds),
      velocity: velocity(v),
    });

  if (style.drums) {
    const drums = track(9, 0);
    for (const [drum, pattern] of Object.entries(style.drums) as Array<[Drum, string]>) {
      hits(
        pattern,
        (bar, s, ch) =>
          (drum !== 'crash' || bar % 4 === 0) && note(drums, DRUMS[drum], stepTime(bar, s), 0.1, VELOCITY[ch] ?? 90),
      );
    }
  }
  if (style.bass && style.bassProgram !== undefined) {
    const bass = track(0, style.bassProgram);
    const scale = SCALES[plan.mode];
    hits(style.bass, (bar, s, ch, length) => {
      const chord = chordOf(bar);
      const root = bassNote(chord.root);
      const pitch =
        ch === 'f'
          ? root + 7
          : ch === 'o'
            ? root + 12
            : ch === 't'
              ? root + chord.intervals[1]
              : ch === 'd'
                ? bassNote(plan.tonic)
                : ch === 'w' && s > 0
                  ? bassNote(plan.tonic + scale[rnd.int(0, 6)])
                  : root;
      note(
        bass,
        pitch,
        stepTime(bar, s),
        (clock.at(bar * style.beats + (s + length) / style.steps) - stepTime(bar, s)) * 0.9,
        96,
      );
    });
  }
  if (style.chords && style.chordProgram !== undefined) {
    const part = track(1, style.chordProgram);
    let arp = 0;
    hits(style.chords, (bar, s, ch, length) => {
      const chord = chordOf(bar);
      const time = stepTime(bar, s);
      const held = clock.at(bar * style.beats + (s + length) / style.steps) - time;
      if (ch === 'a') {
        const tones = [...voicing(chord, 60), ...voicing(chord, 72)];
        // Up and down the chord, the first of each beat a little louder.
        const i = arp++ % (2 * tones.length - 2);
        note(
          part,
          tones[i < tones.length ? i : 2 * tones.length - 2 - i],
          time,
          held * 1.5,
          s % style.steps === 0 ? 90 : 70,
        );
      } else if (ch === 'p') {
        const root = 40 + ((chord.root + 12 - 4) % 12);
        for (const n of [root, root + 7, root + 12]) note(part, n, time, held * 0.8, 100);
      } else
        for (const n of voicing(chord, 64))
          note(part, n, time, ch === 's' ? Math.min(held, 0.15) : held * 0.95, ch === 's' ? 84 : 76);
    });
  }
  if (style.pad !== undefined) {
    const pad = track(2, style.pad);
    for (let bar = 0; bar < bars; bar += style.barsPerChord) {
      const end = clock.at(Math.min(bars, bar + style.barsPerChord) * style.beats);
      for (const n of voicing(chordOf(bar), 60))
        note(pad, n, clock.at(bar * style.beats), end - clock.at(bar * style.beats), 52);
    }
  }
  if (style.lead !== undefined)
    writeLead(
      track(3, style.lead),
      plan,
      rnd,
      bars,
      chordOf,
      (bar, slot) => clock.at(bar * style.beats + slot / (style.leadRate ?? 1)),
      note,
    );
  return { bytes: midi.toArray(), bpm: Math.round(clock.meanBpm * 10) / 10 };
}

/**
 * A melody in two-bar phrases, repeated with new chord tones: notes on the lead's slots (some left
 * silent), moving by step on the scale, landing on a chord tone on each beat, ending each four bars
 * on the tonic.
 */
function writeLead(
  t: Track,
  plan: SongPlan,
  rnd: Random,
  bars: number,
  chordOf: (bar: number) => Chord,
  timeOf: (bar: number, slot: number) => number,
  note: (t: Track, midi: number, time: number, seconds: number, v: number) => void,
) {
  const rate = plan.style.leadRate ?? 1;
  const slots = plan.style.beats * rate;
  const rhythm = Array.from({ length: 2 * slots }, (_, i) => i === 0 || rnd.chance(0.6));
  const scale = plan.style.scales?.[plan.mode] ?? SCALES[plan.mode];
  const pitchOf = (degree: number) =>
    72 + plan.tonic - (plan.tonic > 6 ? 12 : 0) + Math.floor(degree / 7) * 12 + scale[((degree % 7) + 7) % 7];
  let degree = rnd.int(0, 4);
  for (let bar = 0; bar < bars; bar++) {
    for (let slot = 0; slot < slots; slot++) {
      if (!rhythm[(bar % 2) * slots + slot]) continue;
      let next = slot + 1;
      while (next < slots && !rhythm[(bar % 2) * slots + next]) next++;
      const last = bar % 4 === 3 && next >= slots;
      degree = Math.max(-3, Math.min(9, degree + rnd.int(-2, 2)));
      if (last) degree = 7;
      else if (slot % rate === 0) {
        const tones = chordOf(bar).intervals.map((i) => (chordOf(bar).root + i) % 12);
        while (!tones.includes((pitchOf(degree) + 120) % 12)) degree += rnd.chance(0.5) ? 1 : -1;
      }
      const time = timeOf(bar, slot);
      note(t, pitchOf(degree), time, (timeOf(bar, next) - time) * 0.9, 84);
    }
  }
}

/**
 * A piece without a beat: chords (or a drone on the tonic and its fifth) changing every 3–6 seconds,
 * their notes entering one by one, and a slow melody at irregular times.
 */
function writeFreeTime(
  plan: SongPlan,
  rnd: Random,
  midi: MidiFile,
  track: (channel: number, program: number) => Track,
  chords: Chord[],
  velocity: (v: number) => number,
): Uint8Array {
  const drone = plan.style.name === 'ambient drone';
  const low = track(0, plan.style.bassProgram!);
  const high = track(1, plan.style.chordProgram!);
  const lead = track(3, plan.style.lead!);
  if (drone)
    for (const n of [bassNote(plan.tonic), bassNote(plan.tonic) + 7])
      low.addNote({ midi: n, time: 0, duration: plan.seconds, velocity: velocity(80) });
  let time = 0;
  for (let i = 0; time < plan.seconds - 1; i++) {
    const length = rnd.range(3, 6);
    const chord = drone
      ? { root: plan.tonic, intervals: [0, plan.mode === 'major' ? 4 : 3, 7] }
      : chords[i % chords.length];
    if (!drone) low.addNote({ midi: bassNote(chord.root), time, duration: length, velocity: velocity(70) });
    voicing(chord, 62).forEach((n) =>
      high.addNote({ midi: n, time: time + rnd.range(0, 0.4), duration: length, velocity: velocity(drone ? 45 : 60) }),
    );
    time += length;
  }
  const scale = SCALES[plan.mode];
  let degree = 2;
  for (let t = rnd.range(0.5, 2); t < plan.seconds - 1; t += rnd.range(0.8, 2.6)) {
    degree = Math.max(0, Math.min(9, degree + rnd.int(-2, 2)));
    lead.addNote({
      midi: 67 + plan.tonic - (plan.tonic > 6 ? 12 : 0) + Math.floor(degree / 7) * 12 + scale[degree % 7],
      time: t,
      duration: rnd.range(0.8, 2),
      velocity: velocity(70),
    });
  }
  return midi.toArray();
}
