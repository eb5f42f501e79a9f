import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../api/test/server.ts';
import { signUp, type SignedUp } from '../../accounts/test/fixtures.ts';
import { addTrack } from '../../catalog/test/fixtures.ts';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const WINDOW = 30 * 60_000;

// Unallocated credits follow the fan's counted plays (docs/payouts.md): through the real play
// pipeline, its 30 s rule, its window, its crawler test, and never a fan's own tracks.
describe('insights → credits: unallocated credits follow counted plays', function () {
  this.timeout(120_000);
  let server: TestServer;
  let clock = new Date('2026-11-03T08:00:00Z');
  let nova: SignedUp, kai: SignedUp, lisa: SignedUp, alex: SignedUp, looper: SignedUp, oliver: SignedUp;
  let novaTrack: number, kaiTrack: number;
  const knex = () => server.app.kernel.knex;

  before(async () => {
    server = await startTestServer({ now: () => clock });
    nova = await signUp(server, 'nova', { artist: true });
    kai = await signUp(server, 'kai', { artist: true });
    [lisa, alex, looper, oliver] = [
      await signUp(server, 'lisa'),
      await signUp(server, 'alex'),
      await signUp(server, 'looper'),
      await signUp(server, 'oliver'),
    ];
    for (const account of [nova, kai, lisa, alex, looper, oliver]) account.client.headers['User-Agent'] = BROWSER;
    novaTrack = await addTrack(nova.artist!.id, 'Tide', new Date('2026-11-01T00:00:00Z'));
    kaiTrack = await addTrack(kai.artist!.id, 'Rock', new Date('2026-11-01T00:00:00Z'));
  });
  after(() => server.stop());

  /** A play heard for 30 s: a start, then 30 s reached. */
  const listen = async (who: SignedUp, trackId: number) => {
    await who.client.post('/api/plays', { trackId, event: 'start' });
    return (await who.client.post('/api/plays', { trackId, event: 'thirty' })).body.counted as boolean;
  };
  const later = () => (clock = new Date(clock.getTime() + WINDOW + 60_000));
  const fanStatement = async (who: SignedUp) => (await who.client.get('/api/credits/statements/fan')).body;

  it(
    'says what the vault will say before any play, then follows plays of 30 s, ' + 'once per window, never a crawler’s',
    async () => {
      const before = await fanStatement(lisa);
      expect(before).to.include({ followsListening: true, unallocatedCredits: 100, unallocatedCents: 699 });
      // A start alone is no play; a repeat inside the window is none either.
      await lisa.client.post('/api/plays', { trackId: novaTrack, event: 'start' });
      expect((await fanStatement(lisa)).unallocatedCents).to.equal(699);
      expect(await listen(lisa, novaTrack)).to.equal(true);
      expect(await listen(lisa, novaTrack)).to.equal(false);
      const bot = server.client({ 'User-Agent': GOOGLEBOT, Cookie: lisa.client.headers.Cookie ?? '' });
      await bot.post('/api/plays', { trackId: kaiTrack, event: 'start' });
      await bot.post('/api/plays', { trackId: kaiTrack, event: 'thirty' });
      later();
      expect(await listen(lisa, novaTrack)).to.equal(true);
      later();
      expect(await listen(lisa, kaiTrack)).to.equal(true);
      const s = await fanStatement(lisa);
      expect(s).to.include({ unallocatedCents: 0, artistsCents: 699, listeningCents: 699 });
      expect(
        s.lines.map((l: { name: string; plays: number; amountCents: number }) => [l.name, l.plays, l.amountCents]),
      ).to.deep.equal([
        ['Nova', 2, 466],
        ['Kai', 1, 233],
      ]);
    },
  );

  it('keeps chosen credits where they were given and lets only the rest follow plays', async () => {
    expect(
      (await alex.client.post('/api/credits/allocate', { artistId: kai.artist!.id, credits: 40 })).status,
    ).to.equal(201);
    await listen(alex, novaTrack);
    const s = await fanStatement(alex);
    expect(s).to.include({ allocatedCredits: 40, unallocatedCredits: 60, listeningCents: 419 });
    expect(
      s.lines.map((l: { name: string; credits: number; amountCents: number; listeningCents: number }) => [
        l.name,
        l.credits,
        l.amountCents,
        l.listeningCents,
      ]),
    ).to.deep.equal([
      ['Nova', 0, 419, 419],
      ['Kai', 40, 280, 0],
    ]);
  });

  it('never counts an artist’s plays of their own tracks', async () => {
    expect(await listen(kai, kaiTrack)).to.equal(true);
    expect((await fanStatement(kai)).unallocatedCents).to.equal(699);
    later();
    await listen(kai, novaTrack);
    expect((await fanStatement(kai)).lines.map((l: { name: string }) => l.name)).to.deep.equal(['Nova']);
  });

  it(
    'lets a fan turn the fallback off: their net splits over their allocations ' + 'alone, or stays unallocated',
    async () => {
      await listen(oliver, kaiTrack);
      expect((await fanStatement(oliver)).listeningCents).to.equal(699);
      const off = await oliver.client.patch('/api/credits/listening', { followListening: false });
      expect(off.body).to.deep.equal({ followListening: false, available: true });
      expect(await fanStatement(oliver)).to.include({
        followsListening: false,
        listeningCents: 0,
        unallocatedCents: 699,
      });
      const bad = await oliver.client.patch('/api/credits/listening', { followListening: 'yes' });
      expect(bad.status).to.equal(400);
      expect((await oliver.client.get('/api/credits/listening')).body.followListening).to.equal(false);
      expect((await server.client().patch('/api/credits/listening', { followListening: true })).status).to.equal(401);
    },
  );

  it('lets one account looping one track all month move only its own fee', async () => {
    const others = [lisa, alex, kai, oliver];
    const month = () => Promise.all(others.map(fanStatement));
    const before = await month();
    const novaBefore = (await nova.client.get('/api/credits/statements/artist')).body;
    // Every 31 minutes for most of a day, each time with a repeat inside the window and a crawler's copy.
    const bot = server.client({ 'User-Agent': GOOGLEBOT, Cookie: looper.client.headers.Cookie ?? '' });
    let counted = 0;
    for (let i = 0; i < 40; i++) {
      later();
      if (await listen(looper, novaTrack)) counted++;
      await listen(looper, novaTrack);
      await bot.post('/api/plays', { trackId: novaTrack, event: 'thirty' });
    }
    expect(counted).to.equal(40);
    const [row] = await knex()('member_plays').where({ userId: looper.user.id });
    expect(row.plays).to.equal(40);
    expect(await month(), 'every other fan’s statement').to.deep.equal(before);
    const novaAfter = (await nova.client.get('/api/credits/statements/artist')).body;
    expect(novaAfter.amountCents - novaBefore.amountCents).to.equal(699);
    expect(novaAfter.listeningCents - novaBefore.listeningCents).to.equal(699);
    expect(novaAfter.fans).to.equal(novaBefore.fans + 1);
  });

  it('keeps the closed month as it was, with the two kinds of money stored', async () => {
    clock = new Date('2026-12-01T00:05:00Z');
    const first = (await nova.client.get('/api/credits/statements/artist?month=2026-11')).body;
    expect(first.final).to.equal(true);
    // Plays after the month ended, and a change of the setting, change nothing in it.
    await knex()('member_plays')
      .insert({ userId: lisa.user.id, month: '2026-11', artistId: kai.artist!.id, plays: 50 })
      .onConflict(['userId', 'month', 'artistId'])
      .merge();
    await lisa.client.patch('/api/credits/listening', { followListening: false });
    expect((await nova.client.get('/api/credits/statements/artist?month=2026-11')).body).to.deep.equal(first);
    const [stored] = await knex()('payoutStatements').where({ month: '2026-11' });
    // Lisa, Alex, Kai and the looper (Oliver turned it off).
    expect(Number(stored.listeningCents)).to.equal(699 + 419 + 699 + 699);
  });

  it('publishes the month beside what pro-rata would have paid from the same plays, computed once', async () => {
    const [month] = (await server.client().get('/api/transparency')).body.months;
    expect(month).to.include({ month: '2026-11', payingFans: 5, artistsCents: 4 * 699, unallocatedCents: 699 });
    // Pro-rata pools the five fees' net (3,495 ¢) over 46 counted plays: Nova 44 (the looper's 40), Kai 2.
    expect(month.fairness).to.deep.include({ plays: 46, poolCents: 3495, artists: 2, betterOffShare: 0.5 });
    const lines = await knex()('payoutProrataLines').where({ month: '2026-11' }).orderBy('artistId');
    expect(lines.map((l) => [l.artistId, Number(l.plays), Number(l.amountCents)])).to.deep.equal([
      [nova.artist!.id, 44, 3343],
      [kai.artist!.id, 2, 152],
    ]);
    // OneTrack: Nova 466 + 419 + 699 + 699 from four fans' listening; Kai 233 + 280.
    expect(month.fairness.oneTrack.medianCents).to.equal(Math.round((2283 + 513) / 2));
    expect(month.fairness.prorata.medianCents).to.equal(Math.round((3343 + 152) / 2));
    // Stored: later rows in the month's plays change nothing.
    await knex()('member_plays').where({ month: '2026-11' }).update({ plays: 1 });
    await server.app.kernel.cache.invalidate();
    expect((await server.client().get('/api/transparency')).body.months[0]).to.deep.equal(month);
  });
});

describe('credits without insights: no credit follows listening', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ plugins: ['accounts', 'credits'] });
  });
  after(() => server.stop());

  it('says so, and the fan’s net stays over their allocations', async () => {
    const fan = await signUp(server, 'fan');
    expect((await fan.client.get('/api/credits/listening')).body).to.deep.equal({
      followListening: true,
      available: false,
    });
    expect((await fan.client.get('/api/credits/statements/fan')).body).to.include({
      followsListening: false,
      unallocatedCents: 699,
    });
  });
});
