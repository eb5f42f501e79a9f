import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, rename, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { ConfigError } from '../../api/config.ts';
import type { Storage } from '../../api/storage/index.ts';
import { existsSync } from 'node:fs';
import { command, FFMPEG, run } from '../../media-worker/media/run.ts';

// Demo media made on the spot: short musical clips from ffmpeg's tone generator and gradient
// artwork from sharp, so the demo plays real audio without shipping binary files. Generated files
// are kept in a per-machine cache, so a second seed (every test suite's) only copies them.

const CACHE = path.join(os.tmpdir(), 'onetrack-demo-media-v1');

export const CLIP_SECONDS = 24;

export interface ClipRecipe {
  /** Root note in Hz. */
  root: number;
  /** Notes per second. */
  tempo: number;
  /** Four steps of the arpeggio, as frequency ratios of the root. */
  steps: [number, number, number, number];
  /** Brightness: 0 is a pure sine, 1 adds an octave overtone. */
  bright: number;
}

/** An arpeggio over a soft drone; each note decays, so every recipe sounds like its own little tune. */
function expression(r: ClipRecipe): string {
  const step = `mod(floor(t*${r.tempo}),4)`;
  const ratio =
    `if(eq(${step},0),${r.steps[0]},if(eq(${step},1),${r.steps[1]},if(eq(${step}` +
    `,2),${r.steps[2]},${r.steps[3]})))`;
  const freq = `${r.root}*${ratio}`;
  const env = `exp(-4*mod(t*${r.tempo},1))`;
  const fade = `min(1,t/0.5)*min(1,(${CLIP_SECONDS}-t)/1.5)`;
  const note = `(sin(2*PI*${freq}*t)+${r.bright}*0.5*sin(4*PI*${freq}*t))*${env}*0.35`;
  const drone = `0.12*sin(2*PI*${r.root / 2}*t)`;
  return `(${note}+${drone})*${fade}`;
}

async function cached(name: string, make: (file: string) => Promise<void>): Promise<string> {
  const file = path.join(CACHE, name);
  if (
    await stat(file).then(
      (s) => s.size > 0,
      () => false,
    )
  )
    return file;
  await mkdir(CACHE, { recursive: true });
  // Written beside and renamed, so a concurrent seed never copies half a file.
  const partial = `${file}.${process.pid}.part${path.extname(name)}`;
  await make(partial);
  await rename(partial, file);
  return file;
}

/** Stores a copy of the cached file under demo/<name> (the store consumes the copy). */
async function placeInto(
  storage: Storage,
  name: string,
  contentType: string,
  make: (file: string) => Promise<void>,
): Promise<string> {
  const copy = path.join(storage.tempDir, `demo-${randomBytes(6).toString('hex')}${path.extname(name)}`);
  await mkdir(storage.tempDir, { recursive: true });
  await copyFile(await cached(name, make), copy);
  const key = `demo/${name}`;
  await storage.putFile(key, copy, contentType);
  return key;
}

export function makeClip(storage: Storage, name: string, recipe: ClipRecipe): Promise<string> {
  if (!existsSync(FFMPEG)) {
    throw new ConfigError(
      `The demo's audio is made with ffmpeg, which is not at ${FFMPEG}: install it ` +
        `(apt-get install ffmpeg), set FFMPEG_PATH, or start with SEED_DEMO=0`,
    );
  }
  return placeInto(storage, name, 'audio/mpeg', (file) =>
    run(
      command(`aevalsrc='${expression(recipe)}':s=44100:d=${CLIP_SECONDS}`, 60)
        .inputFormat('lavfi')
        .audioChannels(2)
        .audioCodec('libmp3lame')
        .audioBitrate('128k')
        .output(file),
    ).then(() => undefined),
  );
}

/** A square JPEG: a diagonal gradient between two colours with a few soft circles. */
export function makeArtwork(
  storage: Storage,
  name: string,
  size: number,
  colors: [string, string],
  seed: number,
): Promise<string> {
  const circles = Array.from({ length: 4 }, (_, i) => {
    const x = ((seed * 37 + i * 61) % 100) / 100;
    const y = ((seed * 53 + i * 29) % 100) / 100;
    const r = 0.12 + (((seed + i) * 17) % 20) / 100;
    return `<circle cx="${x * size}" cy="${y * size}" r="${r * size}" fill="#fff" fill-opacity="${0.06 + i * 0.04}"/>`;
  }).join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colors[0]}"/>` +
    `<stop offset="1" stop-color="${colors[1]}"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>${circles}</svg>`;
  return placeInto(storage, name, 'image/jpeg', async (file) => {
    await sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toFile(file);
  });
}
