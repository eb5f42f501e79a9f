import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import sharp from 'sharp';
import { signUp } from '../../plugins/accounts/test/fixtures.ts';
import { dataUrl } from '../../plugins/releases/test/fixtures.ts';
import { startTestServer, type TestServer } from './server.ts';

/** A 600x600 PNG of noise: about 1 MB, as a photo would be (a flat colour would compress to nothing). */
async function noisyPng(): Promise<Buffer> {
  return sharp(randomBytes(600 * 600 * 3), { raw: { width: 600, height: 600, channels: 3 } })
    .png()
    .toBuffer();
}

/**
 * Sends the headers of a request announcing `declared` bytes and only the first kilobyte of them,
 * then waits for the answer: it can only come if the server answered without reading the body.
 */
function answerWithoutBody(url: string, path: string, declared: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}${path}`,
      { method: 'POST', headers: { 'Content-Type': 'application/json', 'Content-Length': String(declared) } },
      (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => {
          req.destroy();
          resolve({ status: res.statusCode!, body });
        });
      },
    );
    req.on('error', reject);
    req.write(`{"data":"${'A'.repeat(1000)}`);
    setTimeout(() => reject(new Error('no answer while the body was still being sent')), 5000).unref();
  });
}

describe('a route that needs a session says so before reading any body', () => {
  let server: TestServer;
  let png: Buffer;
  before(async () => {
    server = await startTestServer({ plugins: ['accounts', 'catalog', 'releases', 'ai', 'messaging'] });
    png = await noisyPng();
  });
  after(() => server.stop());

  it('answers an anonymous POST /api/upload with a 600x600 PNG with 401, not 413', async () => {
    const body = { data: dataUrl(png, 'image/png'), filename: 'cover.png', type: 'image' };
    expect(JSON.stringify(body).length, 'the body is above the 1 MB JSON limit').to.be.greaterThan(1024 * 1024);
    const res = await server.client().post('/api/upload', body);
    expect(res.status).to.equal(401);
    expect(res.body).to.deep.equal({ message: 'Please log in to upload files' });
  });

  it('answers anonymous uploads on the other upload routes with 401', async () => {
    const stream = await server.client().post('/api/upload/stream?type=image&filename=cover.png', new Uint8Array(png), {
      'Content-Type': 'application/octet-stream',
    });
    expect(stream.status).to.equal(401);
    expect(stream.body).to.deep.equal({ message: 'Please log in to upload files' });
    const photo = await server.client().post('/api/users/me/photo', { data: dataUrl(png, 'image/png') });
    expect(photo.status).to.equal(401);
    const analyze = await server
      .client()
      .post('/api/ai/analyze-audio', { audioData: dataUrl(Buffer.alloc(3 * 1024 * 1024, 7), 'audio/wav') });
    expect(analyze.status).to.equal(401);
  });

  it('answers an anonymous JSON route with an oversized body with its 401, and a signed-in one with 413', async () => {
    const huge = { recipientId: 1, content: 'x'.repeat(2 * 1024 * 1024) };
    const anonymous = await server.client().post('/api/messages', huge);
    expect(anonymous.status).to.equal(401);
    expect(anonymous.body).to.deep.equal({ message: 'Please log in to send messages' });
    const member = await signUp(server, 'sender');
    const signedIn = await member.client.post('/api/messages', huge);
    expect(signedIn.status).to.equal(413);
    expect(signedIn.body).to.deep.equal({ message: 'Request body is too large' });
  });

  it('answers before the body has been sent (it is never read)', async () => {
    for (const path of ['/api/upload', '/api/upload/stream?type=audio', '/api/messages', '/api/subscriptions']) {
      const answer = await answerWithoutBody(server.url, path, 50 * 1024 * 1024);
      expect(answer.status, path).to.equal(401);
      expect(JSON.parse(answer.body).message, path).to.be.a('string');
    }
  });

  it('still reads anonymous bodies where a route declares it takes them (sign-in, registration)', async () => {
    const wrong = await server.client().post('/api/auth/login', { username: 'sender', password: 'not-it' });
    expect(wrong.status).to.equal(401);
    expect(wrong.body).to.deep.equal({ message: 'Invalid username or password' });
    const huge = await server.client().post('/api/auth/register', { username: 'x'.repeat(2 * 1024 * 1024) });
    expect(huge.status).to.equal(413);
  });
});
