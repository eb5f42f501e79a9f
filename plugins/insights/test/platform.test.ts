import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../api/test/server.ts';
import { signUp, type SignedUp } from '../../accounts/test/fixtures.ts';
import { addTrack } from '../../catalog/test/fixtures.ts';

describe('insights: the platform view for admins', function () {
  this.timeout(60_000);
  let server: TestServer;
  const clock = new Date('2026-11-20T10:00:00Z');
  let admin: SignedUp;
  let fan: SignedUp;
  let nova: SignedUp;

  before(async () => {
    server = await startTestServer({ now: () => clock });
    admin = await signUp(server, 'root', { role: 'admin' });
    fan = await signUp(server, 'fanny');
    nova = await signUp(server, 'nova', { artist: true });
    const drop = await addTrack(nova.artist!.id, 'Drop', new Date('2026-11-19T08:00:00Z'));
    for (let n = 1; n <= 3; n++) {
      await server
        .client({ 'User-Agent': `Mozilla/5.0 (X11; Linux x86_64; rv:13${n}.0) Gecko/20100101 Firefox/13${n}.0` })
        .post('/api/plays', { trackId: drop, event: 'start' });
    }
    await server.app.kernel.services.insights.rollupDay('2026-11-20');
    expect(
      (await fan.client.post('/api/credits/allocate', { artistId: nova.artist!.id, credits: 50 })).status,
    ).to.equal(201);
  });
  after(() => server.stop());

  it('answers 401 without a session and 403 to anyone but an admin', async () => {
    expect((await server.client().get('/api/admin/insights')).status).to.equal(401);
    expect((await server.client().get('/api/admin/insights.csv')).status).to.equal(401);
    const refused = await nova.client.get('/api/admin/insights');
    expect([refused.status, refused.body]).to.deep.equal([
      403,
      { message: 'Only admins can see the platform figures' },
    ]);
    expect((await admin.client.get('/api/admin/insights.csv?table=weeks')).status).to.equal(400);
  });

  it(
    "counts members, plays and uploads per day and month, with the month's fees " +
      'and payouts from the credits statements',
    async () => {
      const res = await admin.client.get('/api/admin/insights');
      expect(res.status, res.text).to.equal(200);
      const today = res.body.days.at(-1);
      expect(res.body.days).to.have.length(30);
      expect(today).to.deep.equal({ day: '2026-11-20', newMembers: 3, plays: 3, uploads: 0 });
      const november = res.body.months.at(-1);
      const payouts = await server.app.kernel.services.credits.payouts('2026-11');
      expect(november).to.include({
        month: '2026-11',
        members: 3,
        plays: 3,
        uploads: 1,
        payingMembers: payouts.payingFans,
        feesCents: payouts.grossCents,
        payoutsCents: payouts.artistsCents,
        unallocatedCents: payouts.unallocatedCents,
      });
      expect(november.payoutsCents).to.be.above(0);
      expect(res.body.months.map((m: { month: string }) => m.month)).to.deep.equal([
        '2026-06',
        '2026-07',
        '2026-08',
        '2026-09',
        '2026-10',
        '2026-11',
      ]);
      const csv = await admin.client.get('/api/admin/insights.csv?table=months');
      expect(csv.text.split('\r\n')[0]).to.equal(
        'month,members,paying_members,plays,uploads,fees_cents,payouts_cents,unallocated_cents',
      );
      expect(csv.text).to.contain(
        `2026-11,3,${payouts.payingFans},3,1,${payouts.grossCents},${payouts.artistsCents},${payouts.unallocatedCents}`,
      );
    },
  );
});
