import { expect } from 'chai';
import { strFromU8, unzipSync } from 'fflate';
import { startLocalS3, type LocalS3 } from '../../../api/test/s3.ts';
import { startTestServer, type TestServer } from '../../../api/test/server.ts';
import { createRunner, jobHandlers } from '../../../media-worker/runner.ts';
import { EXPORT_RULES } from '../rules.ts';
import { signUp } from './fixtures.ts';

// The export on an S3-compatible bucket (several nodes share it), with only the accounts plugin
// enabled: the archive holds its part and nothing of the plugins that are turned off.

describe('your data on S3, with other plugins turned off', function () {
  this.timeout(60_000);
  let s3: LocalS3;
  let server: TestServer;
  let clock = new Date('2026-11-05T10:00:00Z');

  before(async () => {
    s3 = await startLocalS3();
    server = await startTestServer({ plugins: ['accounts'], config: { storage: s3.config }, now: () => clock });
  });
  after(async () => {
    await server?.stop();
    await s3?.stop();
  });

  it('stores the archive in the bucket, serves it to its owner and removes it when it expires', async () => {
    const solo = await signUp(server, 'solo');
    expect((await solo.client.post('/api/users/me/exports')).status).to.equal(202);
    const runner = createRunner(server.app.kernel, jobHandlers(server.app.plugins));
    expect(await runner.drain()).to.equal(1);
    const [ready] = (await solo.client.get('/api/users/me/exports')).body.exports;
    const key = (await server.app.kernel.knex('data_exports').where({ id: ready.id }).first('storageKey'))
      .storageKey as string;
    expect(s3.requests.some((r) => r.startsWith('PUT ') && r.includes(key))).to.equal(true);

    const res = await fetch(server.url + ready.downloadUrl, { headers: { Cookie: solo.client.cookieHeader } });
    expect(res.status).to.equal(200);
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(
      Object.keys(files)
        .filter((name) => !name.endsWith('/'))
        .sort(),
    ).to.deep.equal([
      'README.txt',
      'accounts/artist.json',
      'accounts/devices.json',
      'accounts/passkeys.json',
      'accounts/preferences.json',
      'accounts/profile.json',
    ]);
    expect(JSON.parse(strFromU8(files['accounts/profile.json']))).to.include({ username: 'solo' });

    clock = new Date(clock.getTime() + EXPORT_RULES.keepMs);
    expect(await runner.drain()).to.equal(1);
    expect(await server.app.kernel.storage.head(key)).to.equal(null);
    expect((await solo.client.get(ready.downloadUrl)).status).to.equal(410);
  });
});
