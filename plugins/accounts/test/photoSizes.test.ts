import { expect } from 'chai';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type OutputInfo } from 'sharp';
import { mediaFolder, mediaKey } from '../../../api/http/media.ts';
import { startLocalS3, type LocalS3 } from '../../../api/test/s3.ts';
import { startTestServer, type TestServer } from '../../../api/test/server.ts';
import type { ImageVariant } from '../../../media-worker/media/sizesColumn.ts';
import { createRunner, jobHandlers } from '../../../media-worker/runner.ts';
import { accountJobs, PHOTO_SIZES_JOB } from '../jobs.ts';
import { PHOTO_RULES } from '../rules.ts';
import { signUp, type SignedUp } from './fixtures.ts';

// The web sizes of artists' photos, made by the real job (sharp) on each storage driver.

/** A photo whose halves differ (red left, blue right), so a size with another crop shows it. */
async function halves(width: number, height: number): Promise<string> {
  const half = Math.round(width / 2);
  const png = await sharp({ create: { width, height, channels: 3, background: '#d22' } })
    .composite([
      { input: { create: { width: width - half, height, channels: 3, background: '#22d' } }, left: half, top: 0 },
    ])
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

for (const driver of ['local', 's3'] as const) {
  describe(`accounts: artist photo sizes (media worker, ${driver} storage)`, function () {
    this.timeout(60_000);
    let s3: LocalS3 | null = null;
    let server: TestServer;
    let artist: SignedUp;

    before(async () => {
      s3 = driver === 's3' ? await startLocalS3() : null;
      server = await startTestServer({ plugins: ['accounts'], config: s3 ? { storage: s3.config } : {} });
      artist = await signUp(server, 'painter', { artist: true });
    });
    after(async () => {
      await server.stop();
      await s3?.stop();
    });

    const knex = () => server.app.kernel.knex;
    const runner = () => createRunner(server.app.kernel, jobHandlers(server.app.plugins));
    const artistRow = () => knex()('artists').where({ id: artist.artist!.id }).first();
    const sizesOf = async (): Promise<ImageVariant[] | null> =>
      JSON.parse((await artistRow()).profileImageVariants ?? 'null');
    const stored = async (url: string) => (await server.app.kernel.storage.head(mediaKey(url)!)) !== null;
    const queued = () => knex()('jobs').where({ type: PHOTO_SIZES_JOB, status: 'queued' }).select('payload');
    /** The user's files in the local media folder (the S3 run checks each URL instead). */
    const avatarFiles = async (userId: number) =>
      (await readdir(path.join(mediaFolder(server.app.kernel.config.dataDir), 'avatars')).catch(() => []))
        .filter((f) => f.startsWith(`${userId}-`))
        .sort();

    let first: ImageVariant[];

    it('makes square AVIF and WebP sizes of an uploaded photo at each width, cropped like the photo', async () => {
      const upload = await artist.client.post('/api/users/me/photo', { data: await halves(600, 400) });
      expect(upload.status, upload.text).to.equal(200);
      const photo = upload.body.profileImage;
      expect((await queued()).map((j) => JSON.parse(j.payload))).to.deep.equal([
        { artistId: artist.artist!.id, url: photo },
      ]);
      expect(await sizesOf(), 'none before the job').to.equal(null);

      expect(await runner().drain()).to.equal(1);
      first = (await sizesOf())!;
      expect(first.map((v) => [v.width, v.type])).to.deep.equal(
        PHOTO_RULES.webWidths.flatMap((w) => [
          [w, 'image/avif'],
          [w, 'image/webp'],
        ]),
      );
      const original = await sharp(Buffer.from(await (await fetch(server.url + photo)).arrayBuffer()))
        .raw()
        .toBuffer({ resolveWithObject: true });
      const pixel = (image: { data: Buffer; info: OutputInfo }, x: number, y: number) => {
        const at =
          (Math.floor(y * image.info.height) * image.info.width + Math.floor(x * image.info.width)) *
          image.info.channels;
        return [...image.data.subarray(at, at + 3)];
      };
      for (const variant of first) {
        expect(variant.url).to.match(
          new RegExp(
            `^/media/avatars/${artist.user.id}-[0-9a-f]{12}-${variant.width}\\.` +
              `${variant.type === 'image/avif' ? 'avif' : 'webp'}$`,
          ),
        );
        const res = await fetch(server.url + variant.url);
        expect(res.status).to.equal(200);
        expect(res.headers.get('content-type')).to.equal(variant.type);
        const bytes = Buffer.from(await res.arrayBuffer());
        const meta = await sharp(bytes).metadata();
        // sharp names AVIF by its container (HEIF, AV1-compressed).
        expect([meta.format, meta.compression ?? null, meta.width, meta.height]).to.deep.equal(
          variant.type === 'image/avif'
            ? ['heif', 'av1', variant.width, variant.width]
            : ['webp', null, variant.width, variant.width],
        );
        // The same square as the stored photo: the red/blue edge where it was, colours within the codecs' loss.
        const size = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
        for (const [x, y] of [
          [0.1, 0.5],
          [0.4, 0.2],
          [0.6, 0.8],
          [0.9, 0.5],
        ]) {
          pixel(size, x, y).forEach((channel, i) =>
            expect(Math.abs(channel - pixel(original, x, y)[i]), `${variant.url} at ${x},${y}`).to.be.below(40),
          );
        }
      }
      if (driver === 'local') expect(await avatarFiles(artist.user.id)).to.have.length(1 + first.length);
    });

    it(
      'stops serving the old sizes when the photo is replaced, deletes them, and ' + 'makes new ones under new URLs',
      async () => {
        const upload = await artist.client.post('/api/users/me/photo', { data: await halves(300, 300) });
        expect(upload.status, upload.text).to.equal(200);
        expect(await sizesOf(), 'the new photo shows as it is until its sizes exist').to.equal(null);
        for (const variant of first) {
          expect(await stored(variant.url), variant.url).to.equal(false);
          expect((await fetch(server.url + variant.url)).status).to.equal(404);
        }
        expect(await runner().drain()).to.equal(1);
        const second = (await sizesOf())!;
        expect(second).to.have.length(first.length);
        for (const variant of second) {
          expect(first.map((v) => v.url)).not.to.include(variant.url);
          expect(await stored(variant.url), variant.url).to.equal(true);
        }
        if (driver === 'local') expect(await avatarFiles(artist.user.id)).to.have.length(1 + second.length);
      },
    );

    it('skips the job of a photo replaced before it ran, and replaces its own sizes when run again', async () => {
      await artist.client.post('/api/users/me/photo', { data: await halves(200, 200) });
      const last = await artist.client.post('/api/users/me/photo', { data: await halves(250, 250) });
      expect(await queued()).to.have.length(2);
      expect(await runner().drain()).to.equal(2);
      // The first photo's job did nothing (its photo is gone) rather than fail and wait for a retry.
      expect(
        (await knex()('jobs').where({ type: PHOTO_SIZES_JOB }).select('status')).map((j) => j.status),
      ).to.deep.equal(Array(4).fill('done'));
      const made = (await sizesOf())!;
      expect(made).to.have.length(PHOTO_RULES.webWidths.length * 2);
      if (driver === 'local')
        expect(await avatarFiles(artist.user.id), 'only the last photo and its sizes').to.have.length(1 + made.length);

      // A run again (a worker that died before marking the job done): new files, the earlier ones go.
      await accountJobs[PHOTO_SIZES_JOB](
        { artistId: artist.artist!.id, url: last.body.profileImage },
        server.app.kernel,
      );
      const again = (await sizesOf())!;
      expect(again.map((v) => v.url)).not.to.include.members(made.map((v) => v.url));
      for (const variant of made) expect(await stored(variant.url), variant.url).to.equal(false);
      for (const variant of again) expect(await stored(variant.url), variant.url).to.equal(true);
    });

    it('queues sizes for an artist record made from the photo a user already had', async () => {
      const listener = await signUp(server, 'sketcher');
      expect((await listener.client.post('/api/users/me/photo', { data: await halves(200, 200) })).status).to.equal(
        200,
      );
      expect(await queued(), 'not an artist: nothing shows the photo at card or header size').to.have.length(0);
      const hook = await listener.client.post('/api/auth/register-artist-hook');
      expect(hook.status).to.equal(200);
      expect(await runner().drain()).to.equal(1);
      const row = await knex()('artists').where({ id: hook.body.id }).first();
      expect(JSON.parse(row.profileImageVariants)).to.have.length(PHOTO_RULES.webWidths.length * 2);
    });

    it('deletes the photo and its sizes with the account', async () => {
      const sizes = (await sizesOf())!;
      expect(
        (await artist.client.post(`/api/users/${artist.user.id}/deletion`, { password: 'secret123' })).status,
      ).to.equal(200);
      expect(await artistRow()).to.include({ profileImage: null, profileImageVariants: null });
      for (const variant of sizes) expect(await stored(variant.url), variant.url).to.equal(false);
      if (driver === 'local') expect(await avatarFiles(artist.user.id)).to.deep.equal([]);
    });
  });
}
