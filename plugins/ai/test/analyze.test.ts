import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../api/test/server.ts';
import { signUp, type SignedUp } from '../../accounts/test/fixtures.ts';
import { uploadAudio, uploadImage } from '../../releases/test/fixtures.ts';
import { drumPattern, sine, wavBytes } from '../../../media-worker/analysis/test/signals.ts';
import { ANALYZE_JSON_LIMIT_BYTES } from '../rules.ts';
import type { AnalysisReply } from '../types.ts';

describe('ai: POST /api/ai/analyze-audio', function () {
  this.timeout(60_000);
  let server: TestServer;
  let artist: SignedUp;
  const drums = wavBytes(drumPattern(120, 12));

  before(async () => {
    server = await startTestServer();
    artist = await signUp(server, 'analyst', { artist: true });
  });
  after(() => server.stop());

  const analyze = (body: unknown, who = artist) => who.client.post<AnalysisReply>('/api/ai/analyze-audio', body);

  it("analyses base64 audio and answers the spec's insights with every field", async () => {
    const res = await analyze({ audioData: drums.toString('base64') });
    expect(res.status, res.text).to.equal(200);
    expect(res.body.success).to.equal(true);
    expect(res.body.message).to.equal('Audio analysis complete');
    const insights = res.body.insights!;
    expect(insights).to.have.keys(
      'bpm',
      'key',
      'genre',
      'genres',
      'mood',
      'instruments',
      'dynamicRange',
      'frequencyBalance',
      'productionStyle',
      'creativeStrengths',
      'potentialImprovements',
      'measurements',
    );
    expect(insights.bpm).to.be.within(118, 122);
    expect(insights.instruments).to.include('Percussion (drums or other sharp transients)');
    expect(insights.frequencyBalance).to.match(/low \d+% · mid \d+% · high \d+%/);
    expect(insights.dynamicRange).to.match(/loudness range \d+\.\d LU/);
    expect(insights.measurements!.source).to.deep.equal({ codec: 'pcm_s16le', sampleRate: 44100, channels: 2 });
    // The generated drums clip a little: the advice quotes the measured true peak against −1 dBTP.
    const peak = insights.measurements!.loudness.truePeakDbtp!;
    expect(peak).to.be.greaterThan(-1);
    expect(insights.potentialImprovements.join('\n')).to.include(
      `True peak reaches +${peak.toFixed(1)} dBTP, above −1 dBTP: lower the limiter ` +
        `ceiling by ${(peak + 1).toFixed(1)} dB`,
    );
  });

  it('accepts a data-URL prefix the browser may leave on', async () => {
    const res = await analyze({ audioData: `data:audio/wav;base64,${drums.toString('base64')}` });
    expect(res.status, res.text).to.equal(200);
    expect(res.body.success).to.equal(true);
  });

  it('analyses an upload the user owns by its url, without sending the audio again', async () => {
    const { url } = await uploadAudio(artist.client, drums);
    const res = await analyze({ uploadUrl: url });
    expect(res.status, res.text).to.equal(200);
    expect(res.body.insights!.bpm).to.be.within(118, 122);
  });

  it("treats another user's upload as missing (404) and refuses an image upload (400)", async () => {
    const { url } = await uploadAudio(artist.client, drums);
    const other = await signUp(server, 'nosy', { artist: true });
    const foreign = await analyze({ uploadUrl: url }, other);
    expect(foreign.status).to.equal(404);
    expect(foreign.body).to.deep.equal({ message: 'Upload not found' });
    const unknown = await analyze({ uploadUrl: '/media/uploads/nothing-here.wav' });
    expect(unknown.status).to.equal(404);
    const image = await analyze({ uploadUrl: await uploadImage(artist.client) });
    expect(image.status).to.equal(400);
    expect(image.body).to.deep.equal({ message: 'That upload is not an audio file' });
  });

  it('answers garbage bytes with 422 and success false, never a 500', async () => {
    const garbage = Buffer.alloc(200_000);
    for (let i = 0; i < garbage.length; i++) garbage[i] = (i * 7919) % 251;
    for (const bytes of [garbage, Buffer.from('this is not audio at all'), Buffer.from('RIFF\0\0\0\0WAVEfmt ')]) {
      const res = await analyze({ audioData: bytes.toString('base64') });
      expect(res.status, res.text).to.equal(422);
      expect(res.body).to.deep.equal({
        success: false,
        message: 'The file could not be read as audio',
        insights: null,
      });
    }
  });

  it('reports a silent file as silent instead of guessing', async () => {
    const res = await analyze({ audioData: wavBytes(sine(440, -Infinity, 5)).toString('base64') });
    expect(res.status, res.text).to.equal(200);
    expect(res.body.insights).to.include({ bpm: null, key: null, genre: null });
    expect(res.body.insights!.measurements!.silent).to.equal(true);
  });

  const refused: Array<[string, unknown, number, string]> = [
    ['an empty string', { audioData: '' }, 400, 'No audio data received'],
    ['text that is not base64', { audioData: 'not base64 at all!' }, 400, 'audioData must be base64-encoded audio'],
    ['neither field', {}, 400, 'Send either audioData (base64 audio) or uploadUrl'],
    [
      'both fields',
      { audioData: 'AAAA', uploadUrl: '/media/x.wav' },
      400,
      'Send either audioData (base64 audio) or uploadUrl',
    ],
    ['a number', { audioData: 42 }, 400, 'audioData must be a base64 string'],
    [
      'an outside url',
      { uploadUrl: 'https://example.com/a.wav' },
      400,
      'uploadUrl must be a /media/ address from an upload',
    ],
  ];
  for (const [what, body, status, message] of refused) {
    it(`refuses ${what} with ${status} "${message}"`, async () => {
      const res = await analyze(body);
      expect(res.status, res.text).to.equal(status);
      expect(res.body).to.deep.equal({ message });
    });
  }

  it('answers a body beyond the 100 MB file limit with 413', async () => {
    const huge = JSON.stringify({ audioData: 'A'.repeat(ANALYZE_JSON_LIMIT_BYTES + 1024) });
    const res = await artist.client.request('POST', '/api/ai/analyze-audio', huge, {
      'Content-Type': 'application/json',
    });
    expect(res.status).to.equal(413);
    expect(res.body).to.deep.equal({ message: 'Request body is too large' });
  });

  it("takes a few MB of audio, beyond the kernel's 1 MB JSON limit", async () => {
    const longer = wavBytes(drumPattern(90, 20));
    expect(longer.length).to.be.greaterThan(3_000_000);
    const res = await analyze({ audioData: longer.toString('base64') });
    expect(res.status, res.text).to.equal(200);
    expect(res.body.insights!.bpm).to.be.within(88, 92);
  });

  it('requires a signed-in user (401), before reading a large body', async () => {
    const res = await server.client().post('/api/ai/analyze-audio', { audioData: drums.toString('base64') });
    expect(res.status).to.equal(401);
    const small = await server.client().post('/api/ai/analyze-audio', { audioData: 'AAAA' });
    expect(small.status).to.equal(401);
  });
});
