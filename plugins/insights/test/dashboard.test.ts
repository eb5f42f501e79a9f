import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../api/test/server.ts';
import { signUp, type SignedUp } from '../../accounts/test/fixtures.ts';
import { addTrack } from '../../catalog/test/fixtures.ts';

const BROWSER = (n: number) =>
  `Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, ` +
  `like Gecko) Version/18.${n} Safari/605.1.15`;

describe('insights: the artist dashboard', function () {
  this.timeout(60_000);
  let server: TestServer;
  let clock = new Date('2026-11-20T10:00:00Z');
  let nova: SignedUp;
  let fan: SignedUp;
  let drop: number;
  let older: number;

  before(async () => {
    server = await startTestServer({ now: () => clock });
    nova = await signUp(server, 'nova', { artist: true });
    fan = await signUp(server, 'fanny');
    drop = await addTrack(nova.artist!.id, 'Drop', new Date('2026-11-01T00:00:00Z'));
    older = await addTrack(nova.artist!.id, 'Older', new Date('2026-10-01T00:00:00Z'));
  });
  after(() => server.stop());

  const listen = async (trackId: number, listeners: number[], events: string[] = ['start'], source = 'track') => {
    for (const n of listeners) {
      const client = server.client({ 'User-Agent': BROWSER(n) });
      for (const event of events)
        expect((await client.post('/api/plays', { trackId, event, source })).status).to.be.oneOf([200, 201]);
    }
  };
  const rollup = (day: string) => server.app.kernel.services.insights.rollupDay(day);
  const dashboard = async (period = '30') => {
    const res = await nova.client.get(`/api/insights/dashboard?period=${period}`);
    expect(res.status, res.text).to.equal(200);
    return res.body;
  };

  it('answers 401 without a session and 403 to a member who is not an artist, before anything else', async () => {
    const anonymous = await server.client().get('/api/insights/dashboard');
    expect([anonymous.status, anonymous.body]).to.deep.equal([401, { message: 'Please log in to see your dashboard' }]);
    expect((await server.client().get('/api/insights/dashboard.csv')).status).to.equal(401);
    const notArtist = await fan.client.get('/api/insights/dashboard');
    expect([notArtist.status, notArtist.body]).to.deep.equal([
      403,
      { message: 'Only artist accounts have a dashboard' },
    ]);
    const badPeriod = await nova.client.get('/api/insights/dashboard?period=365');
    expect([badPeriod.status, badPeriod.body]).to.deep.equal([
      400,
      { message: 'Period must be one of: month, 7, 30, 90' },
    ]);
  });

  it('withholds every play figure of fewer than 5 listeners, in JSON and CSV', async () => {
    await listen(drop, [1, 2, 3, 4], ['start', 'thirty']);
    await rollup('2026-11-20');
    const small = await dashboard();
    expect(small.totals).to.include({ plays: null, listeners: null, reached30: null, completionRate: null });
    expect(small.tracks.find((t: { id: number }) => t.id === drop)).to.include({ plays: null, listeners: null });
    expect(small.sources).to.deep.equal([]);
    const csv = await nova.client.get('/api/insights/dashboard.csv?period=30&table=tracks');
    expect(csv.headers.get('content-type')).to.contain('text/csv');
    expect(csv.text).to.contain('Drop,yes,fewer than 5,fewer than 5,fewer than 5,fewer than 5,0');
    expect(csv.text).not.to.match(/Drop,yes,4/);
  });

  it(
    'shows the figures from 5 listeners on, per day, per track and per source, ' + 'read from the rollups only',
    async () => {
      await listen(drop, [5], ['start', 'thirty', 'complete'], 'search');
      await listen(drop, [6], ['start', 'skip'], 'home');
      // A music app's scrobble (subsonic) counts as the member's play of source "app", 30 s reached.
      expect(
        await server.app.kernel.services.insights.recordScrobble({ id: fan.user.id, zone: 'UTC' }, drop),
      ).to.deep.equal({ counted: true });
      // Not rolled up yet: the dashboard reads rollups only.
      expect((await dashboard()).totals.plays).to.equal(null);
      await rollup('2026-11-20');
      const board = await dashboard();
      expect(board.totals).to.include({ plays: 7, listeners: 7, reached30: 6 });
      expect(board.totals.completionRate).to.be.closeTo(1 / 7, 1e-9);
      expect(board.days).to.have.length(30);
      expect(board.days.at(-1)).to.equal('2026-11-20');
      expect(board.series.plays.at(-1)).to.equal(7);
      expect(board.series.plays[0]).to.equal(null);
      expect(board.tracks.map((t: { title: string; plays: number | null }) => [t.title, t.plays])).to.deep.equal([
        ['Drop', 7],
        ['Older', null],
      ]);
      expect(board.sources).to.deep.equal([
        { source: 'home', label: 'Home page', plays: 1 },
        { source: 'track', label: 'Track page', plays: 4 },
        { source: 'search', label: 'Search', plays: 1 },
        { source: 'app', label: 'Music apps', plays: 1 },
      ]);
      const days = await nova.client.get('/api/insights/dashboard.csv?period=7&table=days');
      expect(days.text.split('\r\n')[0]).to.equal('day,plays,listeners,reached_30s,completion_rate');
      expect(days.text).to.contain('2026-11-20,7,7,6,0.143');
      expect(days.text).to.contain('2026-11-14,fewer than 5,fewer than 5,fewer than 5,fewer than 5');
      expect(JSON.stringify(board)).not.to.contain('fanny');
    },
  );

  it('counts likes, and subscribers gained and lost in the period, each withheld below 5', async () => {
    fan.client.headers['User-Agent'] = BROWSER(99);
    expect((await fan.client.post(`/api/tracks/${older}/like`, { like: true })).status).to.equal(200);
    const subscribe = async (who: SignedUp, active?: boolean) =>
      (await who.client.post('/api/subscriptions', { artistId: nova.artist!.id, active })).status;
    expect(await subscribe(fan)).to.be.oneOf([200, 201]);
    let board = await dashboard('7');
    expect(board.totals).to.include({ likes: 1, subscribersGained: null, subscribersLost: null });
    expect(board.tracks.find((t: { id: number }) => t.id === older).likes).to.equal(1);

    const others = await Promise.all([1, 2, 3, 4, 5].map((n) => signUp(server, `leaver${n}`)));
    for (const other of others) expect(await subscribe(other)).to.equal(201);
    // Four leave today: fewer than 5, withheld; a subscription that ends twice ends once.
    for (const other of others.slice(0, 4)) expect(await subscribe(other, false)).to.equal(200);
    const again = await others[0].client.post('/api/subscriptions', { artistId: nova.artist!.id, active: false });
    expect([again.status, again.body.active]).to.deep.equal([200, false]);
    board = await dashboard('7');
    expect(board.totals).to.include({ subscribersGained: 6, subscribersLost: null });
    // A deleted account subscribes to nobody: the fifth loss.
    expect(
      (await others[4].client.post(`/api/users/${others[4].user.id}/deletion`, { password: 'secret123' })).status,
    ).to.equal(200);
    board = await dashboard('7');
    expect(board.totals).to.include({ subscribersGained: 6, subscribersLost: 5 });
    // Out of the period a week later, gained and lost alike.
    const saved = clock;
    clock = new Date('2026-11-28T10:00:00Z');
    expect((await dashboard('7')).totals).to.include({ subscribersGained: null, subscribersLost: null });
    clock = saved;
  });

  it(
    "unsubscribes through spec §7's active: false, 404 when there is nothing to " +
      'end, and a return counts as gained again',
    async () => {
      const loner = await signUp(server, 'loner');
      const never = await loner.client.post('/api/subscriptions', { artistId: nova.artist!.id, active: false });
      expect([never.status, never.body]).to.deep.equal([404, { message: 'You are not subscribed to this artist' }]);
      const unknown = await loner.client.post('/api/subscriptions', { artistId: 999_999, active: false });
      expect(unknown.status).to.equal(404);
      expect(
        (await server.client().post('/api/subscriptions', { artistId: nova.artist!.id, active: false })).status,
      ).to.equal(401);
      const knex = server.app.kernel.knex;
      expect((await loner.client.post('/api/subscriptions', { artistId: nova.artist!.id })).status).to.equal(201);
      expect(
        (await loner.client.post('/api/subscriptions', { artistId: nova.artist!.id, active: false })).status,
      ).to.equal(200);
      const ended = await knex('subscriptions').where({ userId: loner.user.id }).first();
      expect([Boolean(ended.active), Number(ended.endedAt)]).to.deep.equal([false, clock.getTime()]);
      expect((await loner.client.get('/api/subscriptions/user')).body).to.deep.equal([]);
      expect((await loner.client.post('/api/subscriptions', { artistId: nova.artist!.id })).status).to.equal(200);
      const back = await knex('subscriptions').where({ userId: loner.user.id }).first();
      expect([Boolean(back.active), back.endedAt]).to.deep.equal([true, null]);
    },
  );

  it(
    "projects the payout at the month's current figures, and the projection is the " +
      'statement once the month closes',
    async () => {
      expect(
        (await fan.client.post('/api/credits/allocate', { artistId: nova.artist!.id, credits: 40 })).status,
      ).to.equal(201);
      clock = new Date('2026-11-30T23:59:00Z');
      const { money } = await dashboard('month');
      expect(money).to.include({ month: '2026-11', credits: 40, final: false });
      expect(money.amountCents).to.be.above(0);
      clock = new Date('2026-12-01T00:10:00Z'); // past the settling minutes
      const statement = (await nova.client.get('/api/credits/statements/artist?month=2026-11')).body;
      expect(statement.final).to.equal(true);
      expect([statement.credits, statement.amountCents]).to.deep.equal([money.credits, money.amountCents]);
    },
  );
});
