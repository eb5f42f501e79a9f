import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { S3Storage } from '../s3.ts';
import { authorization } from '../sigv4.ts';

const creds = { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', region: 'us-east-1' };

/**
 * A tiny S3 stand-in: it recomputes each request's signature from what actually arrived on the
 * wire (method, path, the headers named in SignedHeaders, body hash) and refuses any mismatch.
 */
function fakeS3() {
  const objects = new Map<string, { body: Buffer; type: string }>();
  const seen: string[] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const auth = String(req.headers.authorization ?? '');
    const signed = /SignedHeaders=([^,]+)/.exec(auth)?.[1].split(';') ?? [];
    const headers: Record<string, string> = {};
    for (const name of signed) if (name !== 'host') headers[name] = String(req.headers[name]);
    const stamp = String(req.headers['x-amz-date']);
    const date = new Date(`${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}T${stamp.slice(9, 11)}:${stamp.slice(11, 13)}:${stamp.slice(13, 15)}Z`);
    const url = new URL(req.url!, `http://${req.headers.host}`);
    const payloadHash = String(req.headers['x-amz-content-sha256']);
    const expected = authorization({ method: req.method!, url, headers, payloadHash, date }, creds);
    const bodyHash = createHash('sha256').update(body).digest('hex');
    seen.push(`${req.method} ${url.pathname}`);
    if (auth !== expected || !signed.includes('x-amz-date') || bodyHash !== payloadHash) {
      res.writeHead(403).end('SignatureDoesNotMatch');
      return;
    }
    const key = url.pathname;
    const object = objects.get(key);
    if (req.method === 'PUT') {
      objects.set(key, { body, type: String(req.headers['content-type']) });
      res.writeHead(200, { ETag: `"${bodyHash.slice(0, 16)}"` }).end();
    } else if (req.method === 'DELETE') {
      objects.delete(key);
      res.writeHead(204).end();
    } else if (!object) {
      res.writeHead(404).end();
    } else {
      const range = /^bytes=(\d+)-(\d+)$/.exec(String(req.headers.range ?? ''));
      const slice = range ? object.body.subarray(Number(range[1]), Number(range[2]) + 1) : object.body;
      res.writeHead(range ? 206 : 200, { 'Content-Length': String(req.method === 'HEAD' ? object.body.length : slice.length), 'Content-Type': object.type, ETag: '"e1"', 'Last-Modified': new Date(0).toUTCString() });
      res.end(req.method === 'HEAD' ? undefined : slice);
    }
  });
  return { server, objects, seen };
}

describe('storage: S3-compatible driver', function () {
  const fake = fakeS3();
  let endpoint: string;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'onetrack-s3-'));

  before(async () => {
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
  });
  after(() => new Promise((resolve) => fake.server.close(resolve)));

  it('signs exactly like the AWS documentation example (GET with Range)', () => {
    const header = authorization(
      {
        method: 'GET',
        url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
        headers: { range: 'bytes=0-9', 'x-amz-content-sha256': 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855', 'x-amz-date': '20130524T000000Z' },
        payloadHash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
        date: new Date('2013-05-24T00:00:00Z'),
      },
      creds,
    );
    expect(header).to.equal(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('stores, describes, reads ranges of, copies locally and deletes objects with signed requests', async () => {
    const storage = new S3Storage({ ...creds, endpoint, bucket: 'media' }, dir);
    const file = path.join(dir, 'upload.bin');
    const bytes = Buffer.from('0123456789abcdefghij');
    writeFileSync(file, bytes);
    await storage.putFile('u/abc.wav', file, 'audio/wav');
    expect(existsSync(file), 'the temporary file is consumed').to.equal(false);
    expect(fake.objects.get('/media/u/abc.wav')?.type).to.equal('audio/wav');
    expect(await storage.head('u/abc.wav')).to.include({ size: 20, etag: '"e1"' });
    expect(await text(await storage.read('u/abc.wav', { start: 5, end: 9 }))).to.equal('56789');
    const local = await storage.localFile('u/abc.wav');
    expect(readFileSync(local.path).equals(bytes)).to.equal(true);
    await local.release();
    expect(existsSync(local.path)).to.equal(false);
    await storage.delete('u/abc.wav');
    expect(await storage.head('u/abc.wav')).to.equal(null);
    expect(fake.seen).to.include.members(['PUT /media/u/abc.wav', 'HEAD /media/u/abc.wav', 'GET /media/u/abc.wav', 'DELETE /media/u/abc.wav']);
  });

  it('fails loudly when the store refuses the signature (wrong secret)', async () => {
    const storage = new S3Storage({ ...creds, secretAccessKey: 'not-the-secret', endpoint, bucket: 'media' }, dir);
    const file = path.join(dir, 'other.bin');
    writeFileSync(file, 'x');
    let failure: unknown;
    await storage.putFile('u/x.wav', file, 'audio/wav').catch((error) => (failure = error));
    expect(String(failure)).to.match(/S3 PUT u\/x\.wav failed: 403 SignatureDoesNotMatch/);
  });
});
