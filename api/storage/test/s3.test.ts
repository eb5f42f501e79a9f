import { expect } from 'chai';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer, text } from 'node:stream/consumers';
import { signUp } from '../../../plugins/accounts/test/fixtures.ts';
import { tone } from '../../../plugins/releases/test/fixtures.ts';
import { startLocalS3, type LocalS3 } from '../../test/s3.ts';
import { startTestServer } from '../../test/server.ts';
import { PART_SIZE, S3Storage } from '../s3.ts';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('storage: S3-compatible driver against a local S3 server (s3rver)', function () {
  let s3: LocalS3;
  let storage: S3Storage;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'onetrack-s3-client-'));

  before(async () => {
    s3 = await startLocalS3();
    storage = new S3Storage(s3.config, dir);
  });
  after(async () => {
    await s3.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stores, describes, reads ranges of, copies locally and deletes an object', async () => {
    const file = path.join(dir, 'upload.bin');
    const bytes = Buffer.from('0123456789abcdefghij');
    writeFileSync(file, bytes);
    await storage.putFile('u/abc.wav', file, 'audio/wav');
    expect(existsSync(file), 'the temporary file is consumed').to.equal(false);
    const head = await storage.head('u/abc.wav');
    expect(head?.size).to.equal(20);
    expect(head?.etag).to.match(/^"[0-9a-f]{32}"$/);
    expect(await text(await storage.read('u/abc.wav', { start: 5, end: 9 }))).to.equal('56789');
    expect(await text(await storage.read('u/abc.wav'))).to.equal('0123456789abcdefghij');
    const local = await storage.localFile('u/abc.wav');
    expect(readFileSync(local.path).equals(bytes)).to.equal(true);
    await local.release();
    expect(existsSync(local.path)).to.equal(false);
    await storage.delete('u/abc.wav');
    expect(await storage.head('u/abc.wav')).to.equal(null);
  });

  it('sends a large file as a multipart upload, streamed in parts, and reads it back whole and by range', async () => {
    const bytes = randomBytes(2 * PART_SIZE + 1234);
    const file = path.join(dir, 'large.bin');
    writeFileSync(file, bytes);
    await storage.putFile('u/large.wav', file, 'audio/wav');
    const calls = s3.requests.filter((request) => request.includes('/media/u/large.wav'));
    expect(
      calls.filter((call) => /^POST .*\?uploads/.test(call)),
      'one multipart upload',
    ).to.have.length(1);
    expect(
      calls.filter((call) => /^PUT .*partNumber=/.test(call)),
      'three parts',
    ).to.have.length(3);
    expect(
      calls.filter((call) => /^POST .*uploadId=/.test(call)),
      'completed',
    ).to.have.length(1);
    expect((await storage.head('u/large.wav'))?.size).to.equal(bytes.length);
    expect(sha256(await buffer(await storage.read('u/large.wav')))).to.equal(sha256(bytes));
    const tail = await buffer(await storage.read('u/large.wav', { start: bytes.length - 100, end: bytes.length - 1 }));
    expect(tail.equals(bytes.subarray(bytes.length - 100))).to.equal(true);
  });

  it('sends a part again when the store fails it (a streamed body the SDK cannot retry by itself)', async () => {
    const bytes = randomBytes(PART_SIZE + 4321);
    const file = path.join(dir, 'retried.bin');
    writeFileSync(file, bytes);
    s3.failOnce(/^PUT \/media\/u\/retried\.wav\?.*partNumber=2/);
    await storage.putFile('u/retried.wav', file, 'audio/wav');
    expect(
      s3.requests.filter((request) => /^PUT \/media\/u\/retried\.wav\?.*partNumber=2/.test(request)),
    ).to.have.length(2);
    expect(sha256(await buffer(await storage.read('u/retried.wav')))).to.equal(sha256(bytes));
  });

  it('reports an unknown key as absent', async () => {
    expect(await storage.head('u/never-stored.wav')).to.equal(null);
  });

  it('fails loudly when the store refuses the credentials (wrong secret)', async () => {
    const wrong = new S3Storage({ ...s3.config, secretAccessKey: 'not-the-secret' }, dir);
    const file = path.join(dir, 'other.bin');
    writeFileSync(file, 'x');
    let failure: unknown;
    await wrong.putFile('u/x.wav', file, 'audio/wav').catch((error) => (failure = error));
    expect((failure as Error)?.name).to.equal('SignatureDoesNotMatch');
  });

  it('serves uploads kept in the bucket under /media with Range', async () => {
    const server = await startTestServer({
      plugins: ['accounts', 'catalog', 'releases'],
      config: { storage: s3.config },
    });
    try {
      const artist = await signUp(server, 'bucketeer', { artist: true });
      const wav = tone(2);
      const upload = await artist.client.post('/api/upload/stream?type=audio&filename=take.wav', new Uint8Array(wav), {
        'Content-Type': 'application/octet-stream',
      });
      expect(upload.status, upload.text).to.equal(201);
      const key = upload.body.url.slice('/media/'.length);
      expect(await storage.head(key), 'the upload is in the bucket').to.include({ size: wav.length });
      const res = await fetch(`${server.url}${upload.body.url}`, { headers: { Range: 'bytes=100-199' } });
      expect(res.status).to.equal(206);
      expect(res.headers.get('content-range')).to.equal(`bytes 100-199/${wav.length}`);
      expect(Buffer.from(await res.arrayBuffer()).equals(wav.subarray(100, 200))).to.equal(true);
      const whole = await fetch(`${server.url}${upload.body.url}`);
      expect(sha256(Buffer.from(await whole.arrayBuffer()))).to.equal(sha256(wav));
    } finally {
      await server.stop();
    }
  });
});
