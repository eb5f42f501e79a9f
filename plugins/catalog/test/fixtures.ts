import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { FFMPEG } from '../../../media-worker/media/run.ts';
import { expect } from 'chai';
import type { Knex } from 'knex';
import { readEnabledList } from '../../../api/plugins/loader.ts';
import type { TestClient } from '../../../api/test/client.ts';
import type { TestServer } from '../../../api/test/server.ts';
import { monthKey } from '../drops.ts';
import { Track } from '../models.ts';

/**
 * Every enabled feature but insights: catalog's own measure of popularity (members' listens), which
 * insights replaces with its play counts (insights/test/popularity.test.ts covers those).
 */
export const WITHOUT_INSIGHTS = readEnabledList().filter((name) => name !== 'insights');

export interface Member {
  client: TestClient;
  user: { id: number; username: string };
  artist?: { id: number };
}

/** Registers through the API (the client is signed in); artists also get their artist record. */
export async function join(server: TestServer, username: string, artist = false): Promise<Member> {
  const client = server.client();
  const res = await client.post('/api/auth/register', {
    username,
    password: 'secret123',
    email: `${username}@example.com`,
    name: `${username} name`,
    isArtist: artist,
  });
  expect(res.status, res.text).to.equal(201);
  const member: Member = { client, user: res.body };
  if (artist) {
    const hook = await client.post('/api/auth/register-artist-hook');
    expect(hook.status, hook.text).to.equal(200);
    member.artist = hook.body;
  }
  return member;
}

/** A track as the releases feature would store it; a monthly drop takes the month of its date. */
export async function addTrack(
  artistId: number,
  title: string,
  uploadDate: Date,
  isMonthlyDrop = true,
): Promise<number> {
  const track = await Track.query().insertAndFetch({
    artistId,
    title,
    audioUrl: `/media/test/${title.replace(/\W+/g, '-')}.mp3`,
    coverImage: null,
    duration: 180,
    uploadDate: uploadDate.getTime(),
    isMonthlyDrop,
    dropMonth: isMonthlyDrop ? monthKey(uploadDate) : null,
    createdAt: uploadDate.getTime(),
  });
  return track.id;
}

/** How many SQL statements the app ran while `work` ran (lists must not cost a query per row). */
export async function queriesDuring(knex: Knex, work: () => Promise<unknown>): Promise<number> {
  let queries = 0;
  const onQuery = () => queries++;
  knex.on('query', onQuery);
  try {
    await work();
  } finally {
    knex.off('query', onQuery);
  }
  return queries;
}

/** A one-second test-pattern video with sound, as a phone would send (H.264 in MP4). */
export async function testVideo(): Promise<Buffer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'exclusive-video-'));
  const file = path.join(dir, 'clip.mp4');
  try {
    await promisify(execFile)(FFMPEG, [
      ...['-f', 'lavfi', '-i', 'testsrc=duration=1:size=160x120:rate=10'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', '-shortest'],
      ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', file],
    ]);
    return await readFile(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
