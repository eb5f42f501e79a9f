import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../api/test/server.ts';
import { join, type Member } from '../../catalog/test/fixtures.ts';
import { AUDIO_RULES, IMAGE_RULES } from '../rules.ts';
import { sine, wavBytes } from '../../../media-worker/analysis/test/signals.ts';
import { dataUrl, image, tone } from './fixtures.ts';

describe('releases: uploads checked by content', function () {
  let server: TestServer;
  let artist: Member;

  before(async () => {
    server = await startTestServer();
    artist = await join(server, 'uploader', true);
  });
  after(() => server.stop());

  const post = (bytes: Buffer, type: 'image' | 'audio', declared = 'application/octet-stream', filename = 'file.bin') =>
    artist.client.post('/api/upload', { data: dataUrl(bytes, declared), filename, type });

  it('refuses anonymous uploads with 401', async () => {
    const res = await server
      .client()
      .post('/api/upload', { data: dataUrl(await image(600, 600), 'image/png'), type: 'image' });
    expect(res.status).to.equal(401);
    const stream = await server
      .client()
      .post('/api/upload/stream?type=image', await image(600, 600), { 'Content-Type': 'application/octet-stream' });
    expect(stream.status).to.equal(401);
  });

  it('stores a PNG cover under a server-made name and serves it with its real type', async () => {
    const res = await post(await image(800, 800), 'image', 'image/png', '../../etc/passwd.png');
    expect(res.status, res.text).to.equal(201);
    expect(res.body.url).to.match(/^\/media\/u\/[0-9a-f]{32}\.png$/);
    expect(res.body).to.include({
      width: 800,
      height: 800,
      type: 'image',
      contentType: 'image/png',
      filename: 'passwd.png',
    });
    const file = await server.client().get(res.body.url);
    expect(file.status).to.equal(200);
    expect(file.headers.get('content-type')).to.equal('image/png');
    expect(file.headers.get('cache-control')).to.include('immutable');
  });

  it('accepts a JPEG and a roughly square image (within 5 %)', async () => {
    const res = await post(await image(1000, 1040, 'jpeg'), 'image');
    expect(res.status, res.text).to.equal(201);
    expect(res.body.url).to.match(/\.jpg$/);
  });

  it('refuses a file that is not a JPEG or PNG, whatever its declared type', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600"><script>alert(1)</script></svg>',
    );
    for (const bytes of [svg, Buffer.from('GIF89a' + 'x'.repeat(100)), await sharpWebp()]) {
      const res = await post(bytes, 'image', 'image/png', 'cover.png');
      expect(res.status).to.equal(400);
      expect(res.body.message).to.equal(IMAGE_RULES.messages.type);
    }
  });

  it('refuses images that are too small, not square, corrupt or too big', async () => {
    const small = await post(await image(400, 400), 'image');
    expect([small.status, small.body.message]).to.deep.equal([400, IMAGE_RULES.messages.small]);
    const wide = await post(await image(900, 600), 'image');
    expect([wide.status, wide.body.message]).to.deep.equal([400, IMAGE_RULES.messages.square]);
    const png = await image(700, 700);
    const corrupt = await post(Buffer.concat([png.subarray(0, 60), Buffer.alloc(200, 7)]), 'image');
    expect([corrupt.status, corrupt.body.message]).to.deep.equal([400, IMAGE_RULES.messages.corrupt]);
    const big = await post(Buffer.concat([png, Buffer.alloc(IMAGE_RULES.maxBytes)]), 'image');
    expect([big.status, big.body.message]).to.deep.equal([413, IMAGE_RULES.messages.size]);
  });

  it('reads duration, sample rate, bit depth and channels of WAV and FLAC on the server', async () => {
    const wav = await post(
      tone(2, 'wav', { sampleFormat: 's24', rate: 48000, channels: 2 }),
      'audio',
      'audio/wav',
      'take.wav',
    );
    expect(wav.status, wav.text).to.equal(201);
    expect(wav.body).to.include({ sampleRate: 48000, bitDepth: 24, channels: 2, contentType: 'audio/wav' });
    expect(wav.body.duration).to.be.closeTo(2, 0.05);
    const flac = await post(tone(1.5, 'flac', { channels: 1 }), 'audio', 'audio/flac', 'take.flac');
    expect(flac.status, flac.text).to.equal(201);
    expect(flac.body).to.include({ sampleRate: 44100, bitDepth: 16, channels: 1, contentType: 'audio/flac' });
    expect(flac.body.url).to.match(/\.flac$/);
  });

  it('refuses audio that is not WAV or FLAC, corrupt, or too big', async () => {
    const mp3ish = await post(Buffer.concat([Buffer.from('ID3'), Buffer.alloc(500, 1)]), 'audio', 'audio/wav', 'x.wav');
    expect([mp3ish.status, mp3ish.body.message]).to.deep.equal([400, AUDIO_RULES.messages.type]);
    const png = await post(await image(600, 600), 'audio', 'audio/wav');
    expect([png.status, png.body.message]).to.deep.equal([400, AUDIO_RULES.messages.type]);
    const wav = tone(1);
    const corrupt = await post(Buffer.concat([wav.subarray(0, 16), Buffer.alloc(64, 0xff)]), 'audio');
    expect([corrupt.status, corrupt.body.message]).to.deep.equal([400, AUDIO_RULES.messages.corrupt]);
    const flac = await post(Buffer.concat([Buffer.from('fLaC'), Buffer.alloc(400, 3)]), 'audio');
    expect([flac.status, flac.body.message]).to.deep.equal([400, AUDIO_RULES.messages.corrupt]);
    const big = await artist.client.post(
      '/api/upload/stream?type=audio&filename=big.wav',
      Buffer.alloc(AUDIO_RULES.maxBytes + 1),
      { 'Content-Type': 'application/octet-stream' },
    );
    expect([big.status, big.body.message]).to.deep.equal([413, AUDIO_RULES.messages.size]);
  });

  it('streams a raw body to storage and checks it the same way', async () => {
    const wav = tone(2);
    const res = await artist.client.post('/api/upload/stream?type=audio&filename=streamed.wav', wav, {
      'Content-Type': 'application/octet-stream',
    });
    expect(res.status, res.text).to.equal(201);
    expect(res.body).to.include({ filename: 'streamed.wav', size: wav.length, channels: 2 });
    const served = await server.client().get(res.body.url);
    expect(served.headers.get('content-type')).to.equal('audio/wav');
    expect(Number(served.headers.get('content-length'))).to.equal(wav.length);
    const wrong = await artist.client.post('/api/upload/stream?type=audio', await image(600, 600), {
      'Content-Type': 'application/octet-stream',
    });
    expect([wrong.status, wrong.body.message]).to.deep.equal([400, AUDIO_RULES.messages.type]);
  });

  it('answers 400 for a body that is not a data URL and for an unknown type', async () => {
    const notUrl = await artist.client.post('/api/upload', { data: 'hello', type: 'image' });
    expect(notUrl.status).to.equal(400);
    const badType = await artist.client.post('/api/upload', {
      data: dataUrl(Buffer.from('x'), 'text/plain'),
      type: 'video',
    });
    expect([badType.status, badType.body.message]).to.deep.equal([400, 'type must be image or audio']);
  });

  it('serves byte ranges of stored media (206, Content-Range, 416 past the end)', async () => {
    const wav = tone(1);
    const { body } = await post(wav, 'audio');
    const part = await server.client().get(body.url, { Range: 'bytes=100-199' });
    expect(part.status).to.equal(206);
    expect(part.headers.get('content-range')).to.equal(`bytes 100-199/${wav.length}`);
    expect(Number(part.headers.get('content-length'))).to.equal(100);
    const tail = await fetch(server.url + body.url, { headers: { Range: 'bytes=-10' } });
    expect(Buffer.from(await tail.arrayBuffer()).equals(wav.subarray(wav.length - 10))).to.equal(true);
    const beyond = await server.client().get(body.url, { Range: `bytes=${wav.length + 5}-` });
    expect(beyond.status).to.equal(416);
  });
});

async function sharpWebp(): Promise<Buffer> {
  const sharp = (await import('sharp')).default;
  return sharp({ create: { width: 600, height: 600, channels: 3, background: '#888' } })
    .webp()
    .toBuffer();
}

describe('releases: the daily upload allowance (UPLOAD_MB_PER_DAY)', function () {
  let server: TestServer;
  let cover: Buffer;

  before(async () => {
    cover = await image(600, 600);
    // Room for two covers and 1 KB (the allowance counts whole KB).
    server = await startTestServer({
      config: {
        abuseLimits: {
          registrationsPerHour: 0,
          uploadBytesPerDay: (2 * Math.ceil(cover.length / 1024) + 1) * 1024,
          rendersPerMinute: 0,
        },
      },
    });
  });
  after(() => server.stop());

  it('refuses a file that does not fit: 413, what is left and Retry-After, nothing stored; per uploader', async () => {
    const [busy, other] = [await join(server, 'busy', true), await join(server, 'other', true)];
    const upload = (member: Member) =>
      member.client.post('/api/upload', { data: dataUrl(cover, 'image/png'), type: 'image' });
    const stream = (bytes: Buffer) =>
      busy.client.post('/api/upload/stream?type=image', bytes, { 'Content-Type': 'application/octet-stream' });
    // Without a Content-Length (chunked): charged once received.
    const chunked = (bytes: Buffer) =>
      fetch(`${server.url}/api/upload/stream?type=image`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/octet-stream', Cookie: busy.client.cookieHeader },
        body: new ReadableStream({
          start: (controller) => (controller.enqueue(new Uint8Array(bytes)), controller.close()),
        }),
        duplex: 'half',
      } as RequestInit).then(async (res) => ({ status: res.status, headers: res.headers, body: await res.json() }));
    // A refused file (not an image) takes nothing from the allowance, by every path.
    const notImage = Buffer.from('x'.repeat(cover.length));
    expect(
      (await busy.client.post('/api/upload', { data: dataUrl(notImage, 'image/png'), type: 'image' })).status,
    ).to.equal(400);
    expect((await stream(notImage)).status).to.equal(400);
    expect((await chunked(notImage)).status).to.equal(400);
    for (let i = 0; i < 2; i++) expect((await upload(busy)).status, `upload ${i + 1}`).to.equal(201);
    const stored = await server.app.kernel.knex('uploads').count({ n: '*' });
    for (const refused of [await upload(busy), await stream(cover), await chunked(cover)]) {
      expect(refused.status).to.equal(413);
      expect(refused.body.message).to.equal(
        `This file (${Math.ceil(cover.length / 1024)} KB) is more than your upload allowance has left today ` +
          '(1 KB). Try again in 24 hours.',
      );
      expect(Number(refused.headers.get('retry-after'))).to.be.within(1, 24 * 3600);
    }
    expect(await server.app.kernel.knex('uploads').count({ n: '*' })).to.deep.equal(stored);
    expect((await upload(other)).status).to.equal(201);
  });
});

describe('releases: one daily allowance for every upload an account makes', function () {
  this.timeout(60_000);
  let server: TestServer;
  let cover: Buffer;
  const tape = wavBytes(sine(440, -20, 1));
  const kb = (bytes: Buffer) => Math.ceil(bytes.length / 1024);

  before(async () => {
    cover = await image(600, 600);
    // Room for one exclusive's file and one cover, nothing more.
    server = await startTestServer({
      config: {
        abuseLimits: { registrationsPerHour: 0, uploadBytesPerDay: (kb(tape) + kb(cover)) * 1024, rendersPerMinute: 0 },
      },
    });
  });
  after(() => server.stop());

  it('counts exclusives’ files and profile photos with releases’ files: the same 413 past it', async () => {
    const artist = await join(server, 'allinone', true);
    const exclusive = async () =>
      (await artist.client.post('/api/exclusives', { type: 'unreleased-track', title: 'T' })).body;
    const put = async (id: number, bytes: Buffer) =>
      artist.client.put(`/api/exclusives/${id}/media`, bytes, { 'Content-Type': 'application/octet-stream' });
    const [first, second] = [await exclusive(), await exclusive()];
    // A refused file takes nothing.
    expect((await put(first.id, Buffer.from('x'.repeat(tape.length)))).status).to.equal(400);
    expect((await put(first.id, tape)).status).to.equal(200);
    expect(
      (await artist.client.post('/api/upload', { data: dataUrl(cover, 'image/png'), type: 'image' })).status,
    ).to.equal(201);
    const refusal = (file: Buffer) =>
      `This file (${kb(file)} KB) is more than your upload allowance has left today (0 KB). Try again in 24 hours.`;
    const refused = await put(second.id, tape);
    expect([refused.status, refused.body.message]).to.deep.equal([413, refusal(tape)]);
    expect(Number(refused.headers.get('retry-after'))).to.be.within(1, 24 * 3600);
    const row = await server.app.kernel.knex('exclusives').where({ id: second.id }).first('mediaStatus', 'mediaMaster');
    expect(row).to.deep.equal({ mediaStatus: 'awaiting', mediaMaster: null });
    const photo = await artist.client.post('/api/users/me/photo', { data: dataUrl(cover, 'image/png') });
    expect([photo.status, photo.body.message]).to.deep.equal([413, refusal(cover)]);
  });
});
