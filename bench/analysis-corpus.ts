// The generated corpus as WAV files for the bench, rendered once and kept in the system's temporary
// folder under the hash of the code that renders them: a rerun with the same corpus code reads the
// files instead of synthesising 190 songs again, and any change to that code renders afresh.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CorpusCase } from '../media-worker/analysis/test/corpus/corpus.ts';
import { wavBytes } from '../media-worker/analysis/test/signals.ts';

const TEST_DIR = fileURLToPath(new URL('../media-worker/analysis/test/', import.meta.url));

/** Hash of every file the corpus is rendered from (the corpus folder and the signal helpers). */
function corpusHash(): string {
  const hash = createHash('sha256');
  const files = [
    ...readdirSync(path.join(TEST_DIR, 'corpus')).map((f) => path.join(TEST_DIR, 'corpus', f)),
    path.join(TEST_DIR, 'signals.ts'),
  ].sort();
  for (const file of files) hash.update(file.slice(TEST_DIR.length)).update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

export const CORPUS_DIR = path.join(os.tmpdir(), `onetrack-corpus-${corpusHash()}`);

/**
 * The WAV of case `index`, rendered unless a previous run left it (written under a temporary name, then renamed, so a
 * reader never sees half a file).
 */
export function corpusWav(c: CorpusCase, index: number): string {
  const file = path.join(CORPUS_DIR, `case-${index}.wav`);
  if (existsSync(file)) return file;
  mkdirSync(CORPUS_DIR, { recursive: true });
  const partial = `${file}.${process.pid}.part`;
  writeFileSync(partial, wavBytes(c.render()));
  renameSync(partial, file);
  return file;
}

/** Mono samples exactly as a 16-bit stereo WAV holds them (what ffmpeg gives OneTrack), for Essentia. */
export function monoOfWav(bytes: Buffer): Float32Array {
  // The samples are in the 'data' chunk, after whatever chunks the writer put before it (FluidSynth adds some).
  let at = 12;
  while (at + 8 <= bytes.length && bytes.toString('ascii', at, at + 4) !== 'data') at += 8 + bytes.readUInt32LE(at + 4);
  const start = at + 8;
  const frames = Math.floor(Math.min(bytes.readUInt32LE(at + 4), bytes.length - start) / 4);
  const mono = new Float32Array(frames);
  for (let i = 0; i < frames; i++)
    mono[i] = (bytes.readInt16LE(start + 4 * i) + bytes.readInt16LE(start + 2 + 4 * i)) / 2 / 32768;
  return mono;
}
