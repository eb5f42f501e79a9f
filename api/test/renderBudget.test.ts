import { expect } from 'chai';
import { isInternetAddress } from '../http/clientAddress.ts';
import { RENDER_BUDGET_MESSAGE, RenderBudget } from '../http/renderBudget.ts';
import { startTestServer, type TestServer } from './server.ts';
import { signUp } from '../../plugins/accounts/test/fixtures.ts';

describe('the render budget', () => {
  it('gives each client a minute’s renders at once, then one as each share of the minute passes', () => {
    let now = 0;
    const budget = new RenderBudget({ perMinute: 3, now: () => now });
    expect([budget.take('a'), budget.take('a'), budget.take('a')]).to.deep.equal([0, 0, 0]);
    expect(budget.take('a'), 'seconds until the next render').to.equal(20);
    expect(budget.take('b'), 'another client has its own').to.equal(0);
    now += 19_000;
    expect(budget.take('a')).to.equal(1);
    now += 1_000;
    expect(budget.take('a')).to.equal(0);
    now += 10 * 60_000;
    expect(
      [budget.take('a'), budget.take('a'), budget.take('a'), budget.take('a')],
      'no more than a minute’s worth saved up',
    ).to.deep.equal([0, 0, 0, 20]);
  });

  it('counts addresses on the internet, not the node’s own network’s', () => {
    for (const address of ['203.0.113.7', '::ffff:198.51.100.2', '2001:db8::1', '8.8.8.8'])
      expect(isInternetAddress(address), address).to.equal(true);
    for (const address of [
      '127.0.0.1',
      '::1',
      '::ffff:127.0.0.1',
      '10.1.2.3',
      '172.20.0.5',
      '192.168.1.10',
      '100.64.0.1',
      'fd00::5',
      'fe80::1%eth0',
      '',
    ])
      expect(isInternetAddress(address), address).to.equal(false);
  });

  describe('in front of the renders', () => {
    let server: TestServer;
    before(
      async () =>
        (server = await startTestServer({
          seedDemo: true,
          pages: true,
          config: {
            trustProxy: true,
            abuseLimits: { registrationsPerHour: 0, uploadBytesPerDay: 0, rendersPerMinute: 3 },
          },
        })),
    );
    after(() => server.stop());

    const from = (address: string) => server.client({ 'X-Forwarded-For': address, Accept: 'text/html' });

    it('answers a client past its budget 429 with Retry-After at once, and still serves it kept pages', async () => {
      const visitor = from('203.0.113.7');
      for (let n = 1; n <= 3; n++)
        expect((await visitor.get(`/artist/1?n=${n}`)).headers.get('x-page-cache'), `render ${n}`).to.equal('miss');
      const refused = await visitor.get('/artist/1?n=4');
      expect(refused.status).to.equal(429);
      expect(Number(refused.headers.get('retry-after'))).to.be.within(1, 20);
      expect(refused.headers.get('content-type')).to.match(/^text\/html/);
      expect(refused.text).to.include(RENDER_BUDGET_MESSAGE.split('.')[0]);
      expect(refused.text, 'laid out for a phone').to.include(
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
      );
      const kept = await visitor.get('/artist/1?n=1');
      expect([kept.status, kept.headers.get('x-page-cache')]).to.deep.equal([200, 'hit']);
      expect((await from('203.0.113.8').get('/artist/1?n=5')).status, 'another address').to.equal(200);
      expect(
        (await from('10.0.0.9').get('/artist/1?n=6')).status,
        'a proxy on the node’s own network stands for many',
      ).to.equal(200);
      for (let n = 7; n <= 10; n++)
        expect((await server.client().get(`/artist/1?n=${n}`)).status, 'the machine itself').to.equal(200);
    });

    it('counts a signed-in viewer by their account, wherever they come from', async () => {
      const fan = await signUp(server, 'budgetfan');
      const statuses = [];
      for (let n = 1; n <= 4; n++)
        statuses.push((await fan.client.get(`/discover?n=${n}`, { 'X-Forwarded-For': `198.51.100.${n}` })).status);
      expect(statuses).to.deep.equal([200, 200, 200, 429]);
      expect((await fan.client.get('/discover?n=5')).status, 'from the machine itself too').to.equal(429);
    });
  });
});
