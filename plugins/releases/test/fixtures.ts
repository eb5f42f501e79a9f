import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { expect } from 'chai';
import type { TestClient } from '../../../api/test/client.ts';
import { FFMPEG } from '../../../media-worker/media/run.ts';

// Real media made in the tests: images with sharp, audio with ffmpeg.

const dir = mkdtempSync(path.join(os.tmpdir(), 'onetrack-releases-'));

export async function image(width: number, height: number, format: 'png' | 'jpeg' = 'png'): Promise<Buffer> {
  const base = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } });
  return format === 'png' ? base.png().toBuffer() : base.jpeg({ quality: 90 }).toBuffer();
}

/** A sine tone as WAV (16-bit PCM) or FLAC; returns the file's bytes. */
export function tone(
  seconds: number,
  format: 'wav' | 'flac' = 'wav',
  options: { rate?: number; channels?: number; sampleFormat?: string } = {},
): Buffer {
  const file = path.join(
    dir,
    `tone-${seconds}-${options.rate ?? 44100}-${options.channels ?? 2}-${options.sampleFormat ?? 's16'}.${format}`,
  );
  execFileSync(FFMPEG, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:sample_rate=${options.rate ?? 44100}:duration=${seconds}`,
    '-ac',
    String(options.channels ?? 2),
    ...(format === 'wav'
      ? ['-c:a', options.sampleFormat === 's24' ? 'pcm_s24le' : 'pcm_s16le']
      : ['-sample_fmt', 's16']),
    file,
  ]);
  return readFileSync(file);
}

export function dataUrl(bytes: Buffer, type: string): string {
  return `data:${type};base64,${bytes.toString('base64')}`;
}

export async function uploadImage(client: TestClient, bytes?: Buffer): Promise<string> {
  const res = await client.post('/api/upload', {
    data: dataUrl(bytes ?? (await image(600, 600)), 'image/png'),
    filename: 'cover.png',
    type: 'image',
  });
  expect(res.status, res.text).to.equal(201);
  return res.body.url;
}

export async function uploadAudio(client: TestClient, bytes?: Buffer): Promise<{ url: string; duration: number }> {
  const res = await client.post('/api/upload', {
    data: dataUrl(bytes ?? tone(3), 'audio/wav'),
    filename: 'song.wav',
    type: 'audio',
  });
  expect(res.status, res.text).to.equal(201);
  return res.body;
}

/** A complete, valid release form for this audio (and cover), ASAP monthly drop. */
export function releaseForm(
  audioUrl: string,
  coverImage: string | null,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    title: 'First Light',
    label: '',
    genre: 'Electronic',
    language: 'English',
    releasedBefore: false,
    previousReleaseDate: null,
    coverImage,
    audioUrl,
    duration: 3,
    description: 'A test drop.',
    recordingYear: 2024,
    isrc: '',
    hasLyrics: false,
    lyricsLanguage: null,
    contentType: 'Not Explicit',
    trackOrigin: 'Original',
    contentProtection: true,
    tikTokStartTime: 0,
    metadata: {
      artistRoles: [{ name: 'Ada', role: 'Primary Artist' }],
      productionCredits: [],
      songwriterCredits: [{ name: 'Ada' }],
    },
    releaseASAP: true,
    releaseDate: null,
    midnightRelease: true,
    enablePreSave: false,
    isMonthlyDrop: true,
    ...overrides,
  };
}
