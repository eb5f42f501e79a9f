import { expect } from 'chai';
import { startLocalS3, type LocalS3 } from '../../../api/test/s3.ts';
import { startTestServer, type TestServer } from '../../../api/test/server.ts';
import { createRunner, jobHandlers } from '../../../media-worker/runner.ts';
import { sine, wavBytes } from '../../../media-worker/analysis/test/signals.ts';
import { join, testVideo } from './fixtures.ts';

// A deleted artist's exclusive files leave storage (issue 44 point 4), on the local folder and on an
// S3-compatible bucket, on the database TEST_DB names: the rows go with the deletion, the files once
// it has committed (the worker's job); a deleted exclusive's files go at once.

const OCTETS = { 'Content-Type': 'application/octet-stream' };

for (const driver of ['local', 's3'] as const) {
  describe(`catalog: exclusive files removed from storage (${driver})`, function () {
    this.timeout(120_000);
    let s3: LocalS3 | undefined;
    let server: TestServer;

    before(async () => {
      s3 = driver === 's3' ? await startLocalS3() : undefined;
      server = await startTestServer(s3 ? { config: { storage: s3.config } } : {});
    });
    after(async () => {
      await server?.stop();
      await s3?.stop();
    });

    const drain = () => createRunner(server.app.kernel, jobHandlers(server.app.plugins)).drain();
    const stored = async (key: string) => (await server.app.kernel.storage.head(key)) !== null;

    it('deletes an exclusive’s master and stream with it, a deleted artist’s once the deletion commits', async () => {
      const artist = await join(server, `gone${driver}`, true);
      const fan = await join(server, `stays${driver}`);
      await fan.client.post('/api/subscriptions', { artistId: artist.artist!.id });
      const make = async (body: object, file?: Buffer) => {
        const made = await artist.client.post('/api/exclusives', body);
        expect(made.status, made.text).to.equal(201);
        if (file)
          expect((await artist.client.put(`/api/exclusives/${made.body.id}/media`, file, OCTETS)).status).to.equal(200);
        return made.body.id as number;
      };
      const track = await make({ type: 'unreleased-track', title: 'Tape' }, wavBytes(sine(440, -20, 1)));
      const clip = await make({ type: 'behind-the-scenes', title: 'Studio' }, await testVideo());
      const single = await make({ type: 'unreleased-track', title: 'Single' }, wavBytes(sine(220, -20, 1)));
      const print = await make({ type: 'NFT', title: 'Print', totalAvailable: 2 });
      expect((await fan.client.post(`/api/exclusives/${print}/claim`)).status).to.equal(201);
      await drain();
      const rows = await server.app.kernel.knex('exclusives').whereIn('id', [track, clip, single]).orderBy('id');
      const keys = (ids: number[]) =>
        rows.filter((row) => ids.includes(Number(row.id))).flatMap((row) => [row.mediaMaster, row.mediaKey]);
      expect(keys([track, clip, single])).to.have.length(6);
      for (const key of keys([track, clip, single])) expect(await stored(key), key).to.equal(true);

      expect((await artist.client.delete(`/api/exclusives/${single}`)).status).to.equal(204);
      for (const key of keys([single])) expect(await stored(key), key).to.equal(false);

      const deleted = await artist.client.post(`/api/users/${artist.user.id}/deletion`, { password: 'secret123' });
      expect(deleted.status, deleted.text).to.equal(200);
      const left = await server.app.kernel.knex('exclusives').where({ artistId: artist.artist!.id }).pluck('id');
      // The collectible a fan holds stays counted; the tracks and videos go.
      expect(left.map(Number)).to.deep.equal([print]);
      expect(await drain()).to.be.greaterThan(0);
      for (const key of keys([track, clip])) expect(await stored(key), key).to.equal(false);
      if (s3) expect(s3.requests.filter((r) => r.startsWith('DELETE ')).length).to.be.at.least(6);
    });
  });
}
