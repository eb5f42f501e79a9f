import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../api/test/server.ts';
import { DEMO_PASSWORD, DEMO_USERNAME } from '../../accounts/demoAccount.ts';

describe('demo data: the demo listener’s history (without the catalog)', () => {
  let server: TestServer;
  const clock = new Date('2026-05-20T12:00:00Z');

  before(async () => {
    server = await startTestServer({
      plugins: ['accounts', 'credits', 'messaging', 'content'],
      seedDemo: true,
      now: () => clock,
    });
  });
  after(() => server.stop());

  it('gives the demo listener allocations in the two earlier months and a full balance now', async () => {
    const demo = server.client();
    expect((await demo.post('/api/auth/login', { username: DEMO_USERNAME, password: DEMO_PASSWORD })).status).to.equal(
      200,
    );
    const vault = (await demo.get('/api/credits/user')).body;
    expect(vault).to.include({ credits: 100, allocatedThisMonth: 0, totalAllocated: 180 });
    expect(vault.artistsSupported).to.be.at.least(3);
    const allocations = (await demo.get('/api/credits/allocations')).body;
    expect(allocations).to.have.length(6);
    expect(allocations[0].allocationDate.slice(0, 7)).to.equal('2026-04');
    expect(allocations[5].allocationDate.slice(0, 7)).to.equal('2026-03');

    const messages = (await demo.get('/api/messages')).body;
    expect(messages).to.have.length(4);
    expect((await demo.get('/api/messages/unread-count')).body.count).to.equal(1);
  });

  it('balances every seeded month of the ledger and gives the artists a statement', async () => {
    const knex = server.app.kernel.knex;
    for (const grant of await knex('credit_grants')) {
      const [{ spent }] = await knex('credit_allocations')
        .where({ userId: grant.userId, month: grant.month })
        .sum({ spent: 'credits' });
      expect(grant.credits - Number(spent ?? 0)).to.equal(grant.remaining);
    }
    // The demo listener, the demo artists and the demo fans were members.
    const members = Number((await knex('credit_grants').where({ month: '2026-04' }).count({ n: '*' }))[0].n);
    expect(members).to.be.greaterThan(2);
    const payouts = await server.app.kernel.services.credits.payouts('2026-04');
    expect(payouts.payingFans).to.equal(members);
    // Without insights no credit follows listening: the demo fans who only listen, the one who does
    // nothing and the last artist (who gave nothing) are unallocated.
    const givers = Number(
      (await knex('credit_allocations').where({ month: '2026-04' }).countDistinct({ n: 'userId' }))[0].n,
    );
    expect(givers).to.be.greaterThan(5);
    expect(payouts.unallocatedCents).to.equal((members - givers) * 699);
    expect(payouts.artistsCents).to.equal(givers * 699);
    expect(payouts.artists.reduce((sum, a) => sum + a.amountCents, 0)).to.equal(payouts.artistsCents);
  });
});
