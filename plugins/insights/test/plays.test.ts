import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../api/test/server.ts';
import { createRunner, jobHandlers } from '../../../media-worker/runner.ts';
import { signUp, type SignedUp } from '../../accounts/test/fixtures.ts';
import { addTrack } from '../../catalog/test/fixtures.ts';
import { ROLLUP_JOB } from '../plays.ts';
import { PLAY_REPORTS_PER_WINDOW } from '../rules.ts';

const BROWSER = (n: number) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.${n}.0 Safari/537.36`;
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

describe('insights: every play counts, privately', function () {
  this.timeout(60_000);
  let server: TestServer;
  let clock = new Date('2026-11-10T10:00:00Z');
  let nova: SignedUp;
  let fan: SignedUp;
  let drop: number;
  let hidden: number;

  before(async () => {
    server = await startTestServer({ now: () => clock });
    nova = await signUp(server, 'nova', { artist: true });
    fan = await signUp(server, 'fanny');
    drop = await addTrack(nova.artist!.id, 'Drop', new Date('2026-11-01T00:00:00Z'));
    hidden = await addTrack(nova.artist!.id, 'Soon', new Date('2026-12-01T00:00:00Z'), false);
  });
  after(() => server.stop());

  const knex = () => server.app.kernel.knex;
  const visitor = (n: number) => server.client({ 'User-Agent': BROWSER(n) });
  const play = (client: ReturnType<TestServer['client']>, body: object) => client.post('/api/plays', body);
  const events = () => knex()('play_events').orderBy('id');

  it('counts a visitor start once per track and 30 minutes, and again after', async () => {
    const first = await play(visitor(1), { trackId: drop, event: 'start', source: 'track' });
    expect([first.status, first.body]).to.deep.equal([201, { counted: true }]);
    const again = await play(visitor(1), { trackId: drop, event: 'start', source: 'track' });
    expect([again.status, again.body]).to.deep.equal([200, { counted: false }]);
    clock = new Date('2026-11-10T10:31:00Z');
    expect((await play(visitor(1), { trackId: drop, event: 'start', source: 'home' })).body).to.deep.equal({
      counted: true,
    });
    expect((await events()).map((e) => e.source)).to.deep.equal(['track', 'home']);
  });

  it("leaves every node's caches alone (a play shows once rolled up), unlike other writes", async () => {
    const told: string[][] = [];
    const unsubscribe = server.app.kernel.cache.subscribe((tags) => told.push([...tags]));
    try {
      expect((await play(visitor(8), { trackId: drop, event: 'start' })).body).to.deep.equal({ counted: true });
      expect(told, 'a play report').to.deep.equal([]);
      fan.client.headers['User-Agent'] = BROWSER(9);
      await fan.client.post(`/api/tracks/${drop}/like`, { like: true });
      expect(told.flat().sort(), 'a like').to.deep.equal([`liked:${drop}:${fan.user.id}`, `likes:${fan.user.id}`]);
    } finally {
      unsubscribe();
    }
    await fan.client.post(`/api/tracks/${drop}/like`, { like: false });
    await knex()('play_events')
      .where({ listener: (await events()).at(-1).listener })
      .delete();
  });

  it('tells listeners apart without storing their address or browser, under a salt of the day', async () => {
    expect((await play(visitor(2), { trackId: drop, event: 'start' })).body).to.deep.equal({ counted: true });
    const rows = await events();
    expect(rows).to.have.length(3);
    expect(rows[2].listener)
      .to.match(/^[0-9a-f]{32}$/)
      .and.not.equal(rows[0].listener);
    expect(rows[1].listener).to.equal(rows[0].listener);
    const stored = JSON.stringify(rows);
    expect(stored).not.to.contain('127.0.0.1').and.not.to.contain('Chrome');
    // The next day the same visitor is someone else: yesterday's hash cannot follow them.
    clock = new Date('2026-11-11T09:00:00Z');
    await play(visitor(1), { trackId: drop, event: 'start' });
    const [next] = await knex()('play_events').where({ day: '2026-11-11' });
    expect(next.listener).not.to.equal(rows[0].listener);
    const tables = await knex()('play_events').columnInfo();
    expect(Object.keys(tables)).to.have.members([
      'id',
      'trackId',
      'artistId',
      'event',
      'source',
      'listener',
      'day',
      'playWindow',
      'at',
    ]);
  });

  it('does not count crawlers nor reports without a browser', async () => {
    const before = (await events()).length;
    const bot = await server.client({ 'User-Agent': GOOGLEBOT }).post('/api/plays', { trackId: drop, event: 'start' });
    expect([bot.status, bot.body]).to.deep.equal([200, { counted: false }]);
    expect(
      (await server.client({ 'User-Agent': '' }).post('/api/plays', { trackId: drop, event: 'start' })).body,
    ).to.deep.equal({ counted: false });
    expect(await events()).to.have.length(before);
  });

  it('counts a member like a visitor, and 30 s, completion and skip only after a start', async () => {
    const member = fan.client;
    member.headers['User-Agent'] = BROWSER(9);
    expect((await play(member, { trackId: drop, event: 'thirty' })).body).to.deep.equal({ counted: false });
    expect((await play(member, { trackId: drop, event: 'start', source: 'artist' })).body).to.deep.equal({
      counted: true,
    });
    expect((await play(member, { trackId: drop, event: 'thirty' })).body).to.deep.equal({ counted: true });
    expect((await play(member, { trackId: drop, event: 'thirty' })).body).to.deep.equal({ counted: false });
    expect((await play(member, { trackId: drop, event: 'complete' })).body).to.deep.equal({ counted: true });
  });

  it('refuses bad reports with a message and counts nothing', async () => {
    const before = (await events()).length;
    const cases: Array<[object, number, string]> = [
      [{ trackId: drop, event: 'pause' }, 400, 'Play event must be one of: start, thirty, complete, skip'],
      [
        { trackId: drop, event: 'start', source: 'google' },
        400,
        'Play source must be one of: home, track, artist, search, feed, embed, private, other',
      ],
      [{ event: 'start' }, 400, 'Track is required'],
      [{ trackId: 99999, event: 'start' }, 404, 'Track not found'],
      // A track that is not out yet is not counted without its private link, whatever the source says.
      [{ trackId: hidden, event: 'start', source: 'private' }, 404, 'Track not found'],
      [{ trackId: hidden, event: 'start', link: 'x'.repeat(43) }, 404, 'This private link has expired or was revoked'],
    ];
    for (const [body, status, message] of cases) {
      const res = await play(visitor(3), body);
      expect([res.status, res.body], JSON.stringify(body)).to.deep.equal([status, { message }]);
    }
    expect(await events()).to.have.length(before);
  });

  it('rolls a day up idempotently: running it again (or as the job) gives the same rows', async () => {
    const day = '2026-11-10';
    const read = async () => ({
      days: await knex()('play_days').where({ day }).orderBy('trackId'),
      sources: await knex()('play_day_sources').where({ day }).orderBy(['trackId', 'source']),
      artists: await knex()('play_artist_days').where({ day }),
    });
    await server.app.kernel.services.insights.rollupDay(day);
    const once = await read();
    expect(once.days).to.deep.equal([
      { trackId: drop, day, artistId: nova.artist!.id, plays: 3, listeners: 2, reached30: 0, completed: 0, skipped: 0 },
    ]);
    expect(once.sources.map((s) => [s.source, s.plays])).to.deep.equal([
      ['home', 1],
      ['other', 1],
      ['track', 1],
    ]);
    expect(once.artists).to.deep.equal([{ artistId: nova.artist!.id, day, listeners: 2, reached30: 0 }]);
    await server.app.kernel.services.insights.rollupDay(day);
    await jobHandlers(server.app.plugins)[ROLLUP_JOB]({ day }, server.app.kernel);
    expect(await read()).to.deep.equal(once);
  });

  it('queues the rollup of today through the job queue, once per slot across reports', async () => {
    const jobs = await knex()('jobs').where({ type: ROLLUP_JOB });
    expect(jobs.length).to.be.within(1, 3);
    expect(new Set(jobs.map((j) => j.uniqueKey)).size).to.equal(jobs.length);
    clock = new Date('2026-11-11T12:00:00Z');
    const runner = createRunner(server.app.kernel, { [ROLLUP_JOB]: jobHandlers(server.app.plugins)[ROLLUP_JOB] });
    expect(await runner.drain()).to.be.at.least(1);
    const [row] = await knex()('play_days').where({ day: '2026-11-11' });
    expect(row).to.include({ plays: 2, listeners: 2, reached30: 1, completed: 1 });
  });

  // Last: it uses up this address's reports for the window.
  it('limits the reports of one address (shared by every node), with a 429 and its message', async () => {
    const client = visitor(7);
    // Earlier tests of this suite spent some of the window's reports: spend the rest (bad bodies count too).
    let accepted = 0;
    while ((await client.post('/api/plays', { event: 'start' })).status === 400) accepted++;
    expect(accepted).to.be.within(PLAY_REPORTS_PER_WINDOW.points - 60, PLAY_REPORTS_PER_WINDOW.points - 1);
    const refused = await client.post('/api/plays', { trackId: drop, event: 'start' });
    expect(refused.status).to.equal(429);
    expect(refused.body.message).to.match(/^Too many play reports from this address\. Try again in \d+ minutes?\.$/);
    expect(refused.headers.get('retry-after')).to.match(/^\d+$/);
  });
});
