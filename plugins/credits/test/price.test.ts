import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../api/test/server.ts';

// Issue 44 point 6 / issue 41: the price is on the home and register pages before anyone signs up,
// from MONTHLY_FEE_CENTS and CURRENCY in the page's language; under `none`, that no money is taken.
describe('credits: the price before anyone signs up (join.price)', () => {
  let server: TestServer;
  after(() => server?.stop());

  it('says plainly that no money is taken under the none provider', async () => {
    server = await startTestServer({ plugins: ['accounts', 'catalog', 'content', 'credits'], pages: true });
    for (const path of ['/', '/auth?tab=register']) {
      const page = await server.client().get(path);
      expect(page.status, path).to.equal(200);
      expect(page.text, path).to.include('No money is taken in this installation: membership is free here.');
    }
    await server.stop();
  });

  it('shows the fee in the reader’s language when a provider takes it', async () => {
    server = await startTestServer({
      plugins: ['accounts', 'catalog', 'content', 'credits'],
      pages: true,
      settings: {
        credits: {
          paymentProvider: 'stripe',
          stripeSecretKey: 'sk_test_unused',
          stripeWebhookSecret: 'whsec_unused',
          monthlyFeeCents: 1250,
          currency: 'USD',
        },
      },
    });
    expect((await server.client().get('/auth?tab=register')).text).to.include('Premium: $12.50 a month');
    expect((await server.client().get('/de/')).text).to.match(/Premium: 12,50\s\$ im Monat/);
    expect((await server.client().get('/fr/auth?tab=register')).text).to.match(/Premium : 12,50\s\$US par mois/);
  });
});
