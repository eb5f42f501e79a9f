import { expect } from 'chai';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestServer, type TestServer } from '../../../api/test/server.ts';
import { signUp, type SignedUp } from '../../accounts/test/fixtures.ts';
import type { EnhancementReply } from '../types.ts';

const track = {
  title: 'Night Drive',
  artist: 'Luna Vega',
  description: 'late night synth ride through the city at 122 bpm, written in A minor',
  genre: 'Electronic',
};
const CREDIT_WORDS = /\b(produced|mixed|mastered|featuring|feat\.|ft\.)/i;

describe('ai: POST /api/ai/enhance-track with the local enhancer', () => {
  let server: TestServer;
  let artist: SignedUp;
  before(async () => {
    server = await startTestServer();
    artist = await signUp(server, 'writer', { artist: true });
  });
  after(() => server.stop());

  const enhance = (body: unknown) => artist.client.post<EnhancementReply>('/api/ai/enhance-track', body);

  it("rewrites the description around the artist's facts, within 500 characters, the same way every time", async () => {
    const res = await enhance(track);
    expect(res.status, res.text).to.equal(200);
    expect(res.body).to.have.keys('enhancedDescription', 'genres', 'tags', 'moods', 'suggestedKey', 'suggestedBPM');
    const text = res.body.enhancedDescription;
    expect(text).to.include('"Night Drive" by Luna Vega is an electronic track at 122 BPM in A minor.');
    expect(text).to.include('Late night synth ride through the city at 122 bpm, written in A minor.');
    expect(text.length).to.be.at.most(500);
    expect(text).not.to.match(CREDIT_WORDS);
    expect(res.body.genres[0]).to.equal('Electronic');
    expect(res.body.moods).to.include('Dark');
    expect(res.body.tags).to.include.members(['electronic', '122 bpm', 'a minor']);
    expect(res.body).to.include({ suggestedKey: 'A minor', suggestedBPM: 122 });
    expect((await enhance(track)).body).to.deep.equal(res.body);
  });

  it('takes key, BPM and moods from the analysis when the track was analysed', async () => {
    const res = await enhance({
      title: 'Sunrise',
      genre: 'Pop',
      bpm: 128,
      key: 'Eb major',
      mood: 'Energetic, Uplifting',
    });
    expect(res.status, res.text).to.equal(200);
    expect(res.body).to.include({ suggestedKey: 'Eb major', suggestedBPM: 128 });
    expect(res.body.moods.slice(0, 2)).to.deep.equal(['Energetic', 'Uplifting']);
    expect(res.body.enhancedDescription).to.equal(
      '"Sunrise" is a pop track at 128 BPM in Eb major. Expect an energetic and uplifting listen.',
    );
  });

  it('says "in A minor" without a tempo and "at 90 BPM" without a key', async () => {
    const keyOnly = await enhance({ title: 'Drift', genre: 'Electronic', key: 'A minor' });
    expect(keyOnly.body.enhancedDescription).to.match(/^"Drift" is an electronic track in A minor\./);
    const tempoOnly = await enhance({ title: 'Walk', genre: 'Pop', bpm: 90 });
    expect(tempoOnly.body.enhancedDescription).to.match(/^"Walk" is a pop track at 90 BPM\./);
  });

  it("keeps a full-length description's own words first and still fits 500 characters", async () => {
    const description = `${'Recorded live in one take with friends. '.repeat(12)}The end.`.slice(0, 500);
    const res = await enhance({ ...track, description });
    expect(res.status, res.text).to.equal(200);
    expect(res.body.enhancedDescription.length).to.be.at.most(500);
    expect(res.body.enhancedDescription).to.include('Recorded live in one take with friends.');
  });

  it('suggests nothing it was not told: no key or BPM without analysis or text', async () => {
    const res = await enhance({ title: 'Untitled', description: '' });
    expect(res.body).to.include({ suggestedKey: null, suggestedBPM: null });
    expect(res.body.genres).to.deep.equal([]);
    expect(res.body.enhancedDescription).to.equal('"Untitled" is a new track.');
  });

  const refused: Array<[string, unknown, string]> = [
    ['a missing title', { description: 'x' }, 'Please provide a track title first'],
    ['a blank title', { title: '   ' }, 'Please provide a track title first'],
    ['a title that is not text', { title: 12 }, 'Please provide a track title first'],
    [
      'a description over 500 characters',
      { title: 'Song', description: 'x'.repeat(501) },
      'Description must be less than 500 characters',
    ],
    ['a key in another notation', { title: 'Song', key: 'Am' }, 'Key must look like "A minor" or "Eb major"'],
    ['a BPM out of range', { title: 'Song', bpm: 1000 }, 'BPM must be at most 300'],
  ];
  for (const [what, body, message] of refused) {
    it(`refuses ${what} with 400 "${message}"`, async () => {
      const res = await enhance(body);
      expect(res.status).to.equal(400);
      expect(res.body).to.deep.equal({ message });
    });
  }

  it('requires a signed-in user', async () => {
    expect((await server.client().post('/api/ai/enhance-track', track)).status).to.equal(401);
  });
});

describe('ai: the OpenAI-compatible provider, against a local server speaking that protocol', () => {
  let provider: Server;
  let server: TestServer;
  let artist: SignedUp;
  let mode: 'ok' | 'error' | 'slow' | 'garbage' | 'credits' = 'ok';
  const requests: Array<{ url: string; authorization?: string; body: any }> = [];

  const readBody = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  };
  const completion = (content: string) => ({
    id: 'cmpl-1',
    object: 'chat.completion',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
  });

  before(async () => {
    provider = createServer(async (req, res) => {
      const body = await readBody(req);
      requests.push({ url: req.url!, authorization: req.headers.authorization, body });
      if (mode === 'slow') await new Promise((r) => setTimeout(r, 1500));
      if (mode === 'error') {
        res.writeHead(500, { 'Content-Type': 'application/json' }).end('{"error":{"message":"overloaded"}}');
        return;
      }
      const description =
        mode === 'credits'
          ? 'Night Drive, produced by a famous producer, is a neon-lit electronic ride.'
          : 'Night Drive by Luna Vega is a neon-lit electronic ride through the city at 122 BPM in A minor.';
      const content =
        mode === 'garbage'
          ? 'Sure! Here is a description: it is great.'
          : JSON.stringify({
              enhancedDescription: description,
              genres: ['Electronic', 'Synthwave'],
              tags: ['Night', 'synth'],
              moods: ['Dark', 'Driving'],
            });
      if (!res.destroyed)
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(completion(content)));
    });
    provider.listen(0, '127.0.0.1');
    await new Promise((r) => provider.once('listening', r));
    const baseUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/v1`;
    server = await startTestServer({
      settings: { ai: { baseUrl, apiKey: 'sk-local-test', model: 'test-model', timeoutMs: 500 } },
    });
    artist = await signUp(server, 'prompter', { artist: true });
  });
  after(async () => {
    await server.stop();
    provider.closeAllConnections();
    await new Promise((r) => provider.close(r));
  });

  const enhance = () => artist.client.post<EnhancementReply>('/api/ai/enhance-track', track);

  it(
    'sends the facts as a chat completion and uses the answer, with genres from ' +
      "the spec's list and key/BPM from the analysis",
    async () => {
      mode = 'ok';
      requests.length = 0;
      const res = await enhance();
      expect(res.status, res.text).to.equal(200);
      expect(requests).to.have.length(1);
      const [request] = requests;
      expect(request.url).to.equal('/v1/chat/completions');
      expect(request.authorization).to.equal('Bearer sk-local-test');
      expect(request.body.model).to.equal('test-model');
      expect(request.body.messages.map((m: { role: string }) => m.role)).to.deep.equal(['system', 'user']);
      expect(request.body.messages[0].content).to.include('Never invent names');
      expect(JSON.parse(request.body.messages[1].content)).to.include({
        title: 'Night Drive',
        artist: 'Luna Vega',
        genre: 'Electronic',
      });
      expect(res.body).to.deep.equal({
        enhancedDescription:
          'Night Drive by Luna Vega is a neon-lit electronic ride through the city at 122 BPM in A minor.',
        genres: ['Electronic'],
        tags: ['night', 'synth'],
        moods: ['Dark', 'Driving'],
        suggestedKey: 'A minor',
        suggestedBPM: 122,
      });
    },
  );

  for (const failure of ['error', 'slow', 'garbage', 'credits'] as const) {
    const how = {
      error: 'answers 500',
      slow: 'times out',
      garbage: 'answers text that is not JSON',
      credits: 'invents a credit',
    }[failure];
    it(`falls back to the local enhancer when the provider ${how}`, async () => {
      mode = failure;
      const started = Date.now();
      const res = await enhance();
      expect(res.status, res.text).to.equal(200);
      expect(res.body.enhancedDescription).to.match(/^"Night Drive" by Luna Vega is an electronic track/);
      expect(res.body.enhancedDescription).not.to.match(CREDIT_WORDS);
      if (failure === 'slow') expect(Date.now() - started).to.be.below(1400);
    });
  }
});

describe('ai: Enhance calls per user (ENHANCE_PER_HOUR)', () => {
  let server: TestServer;
  before(
    async () =>
      (server = await startTestServer({
        config: {
          abuseLimits: { registrationsPerHour: 0, uploadBytesPerDay: 0, rendersPerMinute: 0 },
        },
        settings: { ai: { enhancePerHour: 3 } },
      })),
  );
  after(() => server.stop());

  it(
    'refuses a user past the limit with 429 and Retry-After, counting only valid ' + 'calls; other users keep theirs',
    async () => {
      const [heavy, light] = [
        await signUp(server, 'heavy', { artist: true }),
        await signUp(server, 'light', { artist: true }),
      ];
      expect((await heavy.client.post('/api/ai/enhance-track', { ...track, title: 5 })).status).to.equal(400);
      for (let i = 0; i < 3; i++)
        expect((await heavy.client.post('/api/ai/enhance-track', track)).status, `call ${i + 1}`).to.equal(200);
      const refused = await heavy.client.post('/api/ai/enhance-track', track);
      expect(refused.status).to.equal(429);
      expect(refused.body.message).to.match(/^You have used Enhance too often\. Try again in \d+ minutes?\.$/);
      expect(Number(refused.headers.get('retry-after'))).to.be.within(1, 3600);
      expect((await light.client.post('/api/ai/enhance-track', track)).status).to.equal(200);
    },
  );
});
