import { expect } from 'chai';
import type { TestServer } from '../../../api/test/server.ts';
import { createRunner, jobHandlers } from '../../../media-worker/runner.ts';
import type { SignedUp } from '../../accounts/test/fixtures.ts';
import { EMAIL_JOB } from '../../notifications/service.ts';
import { JOB } from '../../releases/jobs.ts';
import { releaseForm, tone, uploadAudio } from '../../releases/test/fixtures.ts';
import { EXPIRE_JOB } from '../service.ts';

/**
 * A worker for the jobs that settle pledges and notify (the media jobs are left queued: not what these suites test).
 */
export function settlingRunner(server: TestServer) {
  const all = jobHandlers(server.app.plugins);
  return createRunner(server.app.kernel, {
    [JOB.public]: all[JOB.public],
    [EXPIRE_JOB]: all[EXPIRE_JOB],
    [EMAIL_JOB]: all[EMAIL_JOB],
  });
}

/** The artist releases their monthly drop through the API: ASAP, or on a day (YYYY-MM-DD, 00:00 UTC). */
export async function releaseDrop(artist: SignedUp, title: string, day?: string): Promise<number> {
  const audio = await uploadAudio(artist.client, tone(2));
  const form = releaseForm(
    audio.url,
    null,
    day ? { title, releaseASAP: false, releaseDate: `${day}T00:00:00.000Z` } : { title },
  );
  const res = await artist.client.post('/api/tracks', form);
  expect(res.status, res.text).to.equal(201);
  return res.body.id;
}
