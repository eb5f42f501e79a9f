import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../api/test/server.ts';
import { signUp, type SignedUp } from '../../accounts/test/fixtures.ts';
import { MEMBERSHIP_ENDED, NO_PAYMENT_TAKEN, NOTHING_TO_CANCEL, TRIAL_ENDED, TRIAL_NEXT_MONTH } from '../rules.ts';

// docs/payouts.md, "Membership": a new account's first month is included, upgrading starts the
// membership, a cancelled one keeps the month it paid for, and a lapsed account gets no credits.
describe('credits: membership', () => {
  let server: TestServer;
  let clock = new Date('2026-03-15T12:00:00Z');
  let fan: SignedUp;
  let artist: SignedUp;

  before(async () => {
    server = await startTestServer({ plugins: ['accounts', 'credits'], now: () => clock });
    fan = await signUp(server, 'fanny');
    artist = await signUp(server, 'arty', { artist: true });
  });
  after(() => server.stop());

  const knex = () => server.app.kernel.knex;
  const months = async (userId: number) =>
    (await knex()('credit_grants').where({ userId }).orderBy('month')).map((g) => [g.month, Boolean(g.trial)]);
  const allocate = (who: SignedUp, credits: number) =>
    who.client.post('/api/credits/allocate', { artistId: artist.artist!.id, credits });

  for (const [method, path] of [
    ['get', '/api/credits/membership'],
    ['post', '/api/credits/membership/upgrade'],
    ['post', '/api/credits/membership/cancel'],
  ] as const) {
    it(`answers 401 to an anonymous ${method.toUpperCase()} ${path}, changing nothing`, async () => {
      const res = await server.client()[method](path);
      expect(res.status).to.equal(401);
      expect(res.body.message).to.be.a('string');
      expect(await knex()('memberships').count({ n: '*' })).to.deep.equal([{ n: 0 }]);
    });
  }

  it('starts a new account on its included first month, with 100 credits marked as a trial grant', async () => {
    const res = await fan.client.get('/api/credits/membership');
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal({
      state: 'trial',
      trialMonth: '2026-03',
      paidThrough: null,
      month: '2026-03',
      creditsThisMonth: true,
      creditsNextMonth: false,
      reason: null,
    });
    expect((await fan.client.get('/api/credits/user')).body).to.include({ credits: 100, noCredits: null });
    expect((await allocate(fan, 10)).status).to.equal(201);
    expect(await months(fan.user.id)).to.deep.equal([['2026-03', true]]);
  });

  it("tells a trial fan spending next month's credits (a pledge) that they come with the membership", async () => {
    const credits = server.app.kernel.services.credits;
    let refusal: unknown;
    await credits.openGrant(fan.user.id, '2026-04').catch((error: unknown) => (refusal = error));
    expect((refusal as Error | undefined)?.message).to.equal(TRIAL_NEXT_MONTH);
    expect(await months(fan.user.id)).to.deep.equal([['2026-03', true]]);
  });

  it('includes the month the account was created in, however late its membership is first read', async () => {
    const late = await signUp(server, 'latecomer');
    clock = new Date('2026-04-01T00:00:00Z');
    try {
      expect((await late.client.get('/api/credits/membership')).body).to.include({
        state: 'trial',
        trialMonth: '2026-03',
        reason: TRIAL_ENDED,
      });
      expect((await late.client.get('/api/credits/user')).body).to.include({ credits: 0, noCredits: TRIAL_ENDED });
    } finally {
      clock = new Date('2026-03-15T12:00:00Z');
    }
  });

  it('refuses to cancel a trial (409): there is nothing to cancel', async () => {
    const res = await fan.client.post('/api/credits/membership/cancel');
    expect(res.status).to.equal(409);
    expect(res.body).to.deep.equal({ message: NOTHING_TO_CANCEL });
    expect((await fan.client.get('/api/credits/membership')).body.state).to.equal('trial');
  });

  it('gives no credits after the included month, says why, and refuses to spend (403), writing nothing', async () => {
    clock = new Date('2026-04-02T09:00:00Z');
    const vault = (await fan.client.get('/api/credits/user')).body;
    expect(vault).to.include({ credits: 0, month: '2026-04', noCredits: TRIAL_ENDED });
    const res = await allocate(fan, 1);
    expect(res.status).to.equal(403);
    expect(res.body).to.deep.equal({ message: TRIAL_ENDED });
    expect(await months(fan.user.id)).to.deep.equal([['2026-03', true]]);
    expect(await knex()('credit_allocations').where({ userId: fan.user.id }).count({ n: '*' })).to.deep.equal([
      { n: 1 },
    ]);
    expect((await fan.client.get('/api/credits/membership')).body).to.include({
      creditsThisMonth: false,
      reason: TRIAL_ENDED,
    });
  });

  it('says why in the reader’s language: the Vault in Spanish, Billing in Arabic, a refusal in Japanese', async () => {
    const es = { 'Accept-Language': 'es' };
    expect((await fan.client.get('/api/credits/user', es)).body.noCredits).to.equal(
      'Tu primer mes incluido ha terminado, así que no se han añadido créditos nuevos. ' +
        'Pásate a Premium para recibir 100 créditos cada mes.',
    );
    expect((await fan.client.get('/api/credits/membership', { 'Accept-Language': 'ar' })).body.reason).to.equal(
      'انتهى شهرك الأول المشمول، لذا لم تُضف أرصدة جديدة. رقِّ اشتراكك إلى Premium لتحصل على 100 رصيد كل شهر.',
    );
    const refused = await fan.client.post(
      '/api/credits/allocate',
      { artistId: artist.artist!.id, credits: 1 },
      { 'Accept-Language': 'ja' },
    );
    expect(refused.status).to.equal(403);
    expect(refused.body.message).to.equal(
      '無料の最初の1か月が終了したため、新しいクレジットは追加されませんでした。' +
        'プレミアムにアップグレードすると毎月100クレジットを受け取れます。',
    );
    expect((await fan.client.get('/api/credits/user')).body.noCredits).to.equal(TRIAL_ENDED);
  });

  it('upgrades: credits at once, a paid (not trial) grant, no money taken; a repeat changes nothing', async () => {
    const res = await fan.client.post('/api/credits/membership/upgrade');
    expect(res.status).to.equal(200);
    expect(res.body).to.include({
      state: 'member',
      creditsThisMonth: true,
      creditsNextMonth: true,
      reason: null,
      notice: NO_PAYMENT_TAKEN,
    });
    expect((await fan.client.get('/api/credits/user')).body).to.include({ credits: 100, noCredits: null });
    expect(await months(fan.user.id)).to.deep.equal([
      ['2026-03', true],
      ['2026-04', false],
    ]);
    // A repeat announces no change: the balance just read stays cached.
    const again = await fan.client.post('/api/credits/membership/upgrade');
    expect(again.status).to.equal(200);
    expect(again.body.state).to.equal('member');
    expect((await fan.client.get('/api/credits/user')).headers.get('x-page-cache')).to.equal('hit');
    const portuguese = await fan.client.post('/api/credits/membership/upgrade', undefined, {
      'Accept-Language': 'pt-BR',
    });
    expect(portuguese.body.notice).to.equal('Esta instalação não cobra nada: os pagamentos ainda não estão ligados.');
  });

  it('cancels: the paid month keeps its credits, none come after it; a repeat changes nothing', async () => {
    expect((await allocate(fan, 30)).status).to.equal(201);
    const res = await fan.client.post('/api/credits/membership/cancel');
    expect(res.status).to.equal(200);
    expect(res.body).to.include({
      state: 'cancelled',
      paidThrough: '2026-04',
      creditsThisMonth: true,
      creditsNextMonth: false,
      reason: null,
    });
    expect((await fan.client.get('/api/credits/user')).body).to.include({ credits: 70 });
    expect((await allocate(fan, 5)).status).to.equal(201);
    expect((await fan.client.get('/api/credits/user')).body).to.include({ credits: 65 });
    expect((await fan.client.post('/api/credits/membership/cancel')).body.paidThrough).to.equal('2026-04');
    expect((await fan.client.get('/api/credits/user')).headers.get('x-page-cache')).to.equal('hit');

    clock = new Date('2026-05-01T00:00:00Z');
    expect((await fan.client.get('/api/credits/user')).body).to.include({ credits: 0, noCredits: MEMBERSHIP_ENDED });
    expect((await allocate(fan, 1)).body).to.deep.equal({ message: MEMBERSHIP_ENDED });
    expect((await fan.client.get('/api/credits/user', { 'Accept-Language': 'fr' })).body.noCredits).to.equal(
      "Votre abonnement a été résilié : aucun nouveau crédit n'a été ajouté. " +
        'Repassez à Premium pour recevoir 100 crédits chaque mois.',
    );
  });

  it('rejoins with an upgrade: credits again from this month', async () => {
    const res = await fan.client.post('/api/credits/membership/upgrade');
    expect(res.body).to.include({ state: 'member', paidThrough: null });
    expect((await fan.client.get('/api/credits/user')).body).to.include({ credits: 100, month: '2026-05' });
    expect((await fan.client.get('/api/credits/membership')).body.creditsNextMonth).to.equal(true);
  });

  it('counts members and included months apart on a closed month, and says so on the fan statement', async () => {
    // Only fanny had grants (arty never opened the vault): March was her included month, April paid.
    clock = new Date('2026-06-01T00:10:00Z');
    const march = (await server.client().get('/api/transparency')).body.months.find(
      (m: { month: string }) => m.month === '2026-03',
    );
    expect(march).to.include({ payingFans: 1, trialFans: 1, members: 0 });
    const april = (await server.client().get('/api/transparency')).body.months.find(
      (m: { month: string }) => m.month === '2026-04',
    );
    expect(april).to.include({ payingFans: 1, trialFans: 0, members: 1 });
    expect((await fan.client.get('/api/credits/statements/fan?month=2026-03')).body.trial).to.equal(true);
    expect((await fan.client.get('/api/credits/statements/fan?month=2026-04')).body.trial).to.equal(false);
  });
});
