// Renders a song of the realistic corpus to a 44.1 kHz 16-bit stereo WAV with FluidSynth and the
// FluidR3 General MIDI soundfont (Debian's fluidsynth and fluid-soundfont-gm, installed when missing),
// cached under the user's cache folder by the hash of the MIDI file and the render settings: a rerun,
// the bench and the tests read the same file, and a changed song renders afresh.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureDebianTools } from '../../../../api/cli/debianTools.ts';
import type { Song } from './corpus.ts';

export const FLUIDSYNTH = '/usr/bin/fluidsynth';
export const SOUNDFONT = '/usr/share/sounds/sf2/FluidR3_GM.sf2';
/** Gain 0.5 keeps a full band under clipping; reverb and chorus stay on, as a mix has them. */
const SETTINGS = ['-ni', '-q', '-g', '0.5', '-r', '44100', '-T', 'wav', '-O', 's16', '-o', 'synth.cpu-cores=1'];

export const RENDER_DIR = path.join(
  process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'),
  'onetrack',
  'realistic-corpus',
);

/** Debian's fluidsynth and the GM soundfont, installed in one apt-get run when missing. */
export function ensureFluidSynth(): void {
  ensureDebianTools([
    [FLUIDSYNTH, 'fluidsynth'],
    [SOUNDFONT, 'fluid-soundfont-gm'],
  ]);
}

/** The song's WAV, rendered unless a previous run left it (written under a temporary name, then renamed). */
export function renderSong(song: Song): string {
  const midi = song.write().bytes;
  const hash = createHash('sha256')
    .update(SETTINGS.join(' '))
    .update(SOUNDFONT)
    .update(midi)
    .digest('hex')
    .slice(0, 20);
  const file = path.join(RENDER_DIR, `${hash}.wav`);
  if (existsSync(file)) return file;
  ensureFluidSynth();
  mkdirSync(RENDER_DIR, { recursive: true });
  const mid = `${file}.${process.pid}.mid`;
  const partial = `${file}.${process.pid}.part`;
  writeFileSync(mid, midi);
  try {
    execFileSync(FLUIDSYNTH, [...SETTINGS, '-F', partial, SOUNDFONT, mid], { stdio: ['ignore', 'ignore', 'pipe'] });
    renameSync(partial, file);
  } finally {
    rmSync(mid, { force: true });
    rmSync(partial, { force: true });
  }
  return file;
}
