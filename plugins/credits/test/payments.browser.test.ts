import { expect } from 'chai';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { openPage } from '../../../site/test/browser.ts';
import { demoBrowserSuite, hydrated, signIn } from '../../accounts/test/browser.ts';
import { SECRET_KEY, StripeStandIn, WEBHOOK_SECRET } from './stripeStandIn.ts';

/** The stand-in's port is known before the app starts (3111-3119 are this suite's). */
const STAND_IN_PORT = Number(process.env.STRIPE_STAND_IN_PORT || 3111);

// Issue 41, "Done means": upgrade → checkout (the stand-in's hosted page) → active membership →
// Billing → cancel in the customer portal, with the stripe adapter against the local stand-in.
describe('payments in the browser: checkout, Billing, portal (Stripe stand-in)', function () {
  this.timeout(120_000);
  const stripe = new StripeStandIn();
  before(() => stripe.start(STAND_IN_PORT));
  after(() => stripe.stop());
  const suite = demoBrowserSuite({
    settings: {
      credits: {
        paymentProvider: 'stripe',
        stripeSecretKey: SECRET_KEY,
        stripeWebhookSecret: WEBHOOK_SECRET,
        stripeApiBase: `http://127.0.0.1:${STAND_IN_PORT}`,
      },
    },
  });
  const shots = process.env.SHOTS_DIR || '/work/shots/payments';
  before(() => {
    mkdirSync(shots, { recursive: true });
    stripe.webhookUrl = `${suite.server.url}/api/credits/payments/webhook`;
  });
  const noSideScroll = async (page: Page) =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).to.equal(true);

  it('pays at the hosted checkout, shows the real Billing, and cancels in the portal', async () => {
    const register = await suite.server.client().post('/api/auth/register', {
      username: 'payingfan',
      password: 'demo1234',
      email: 'payingfan@example.com',
      name: 'Paying Fan',
    });
    expect(register.status).to.equal(201);
    const { page, errors } = await openPage(suite.browser, suite.server.url, {
      viewport: { width: 1366, height: 900 },
    });
    await signIn(page, 'payingfan');
    await page.goto('/profile?tab=billing');
    await hydrated(page);
    const plan = page.getByTestId('billing-plan');
    await page.getByTestId('billing-next-charge').getByText('None yet: upgrading opens a secure checkout').waitFor();
    expect(await page.getByRole('button', { name: 'Manage billing' }).isDisabled()).to.equal(true);

    await plan.getByRole('button', { name: 'Upgrade to Premium' }).click();
    await page.waitForURL(new RegExp(`^http://127.0.0.1:${STAND_IN_PORT}/checkout/`));
    await page.getByText('OneTrack Premium: 9.99 EUR a month').waitFor();
    await page.getByRole('button', { name: 'Pay' }).click();
    // Back in the vault: the membership runs because Stripe's signed events said so.
    await page.waitForURL(/\/credits\?checkout=done$/);
    expect(stripe.delivered.map((d) => d.status)).to.deep.equal([200, 200, 200]);
    expect(await page.locator('header.topbar').getByRole('link', { name: 'Upgrade to Premium' }).count()).to.equal(0);

    await page.goto('/profile?tab=billing');
    await hydrated(page);
    expect(await page.getByTestId('billing-state').textContent()).to.equal('ACTIVE');
    await page.getByTestId('billing-card').getByText('Visa ending in 4242 (expires 12/2030)').waitFor();
    await page
      .getByTestId('billing-invoices')
      .getByRole('link', { name: /Invoice STANDIN-/ })
      .waitFor();
    expect(await page.getByTestId('billing-next-charge').textContent()).to.match(/\d{4}$/);
    await noSideScroll(page);
    await page.screenshot({ path: path.join(shots, 'billing-stripe-1366x900.png'), fullPage: true });
    const phone = await openPage(suite.browser, suite.server.url, { viewport: { width: 375, height: 812 } });
    await phone.page.context().addCookies(await page.context().cookies());
    await phone.page.goto('/profile?tab=billing');
    await hydrated(phone.page);
    await phone.page.getByTestId('billing-card').getByText('Visa ending in 4242').waitFor();
    await noSideScroll(phone.page);
    await phone.page.screenshot({ path: path.join(shots, 'billing-stripe-375x812.png'), fullPage: true });
    await phone.page.context().close();

    await page.getByRole('button', { name: 'Manage billing' }).click();
    await page.waitForURL(new RegExp(`^http://127.0.0.1:${STAND_IN_PORT}/portal/`));
    await page.getByRole('button', { name: 'Cancel plan' }).click();
    await page.waitForURL(/\/profile\?tab=billing$/);
    await hydrated(page);
    expect(await page.getByTestId('billing-state').textContent()).to.equal('CANCELLED');
    await page.getByTestId('billing-next-charge').getByText('None: your membership ends on').waitFor();
    await page.screenshot({ path: path.join(shots, 'billing-stripe-cancelled-1366x900.png'), fullPage: true });
    expect(errors).to.deep.equal([]);
    await page.context().close();
  });

  it("onboards an artist at the hosted onboarding, and shows the closed month's transfer on the statement", async () => {
    const { page, errors } = await openPage(suite.browser, suite.server.url, {
      viewport: { width: 1366, height: 900 },
    });
    await signIn(page, 'novaharbor');
    await page.goto('/credits');
    await hydrated(page);
    const card = page.getByTestId('get-paid');
    expect(await card.getByTestId('payout-state').textContent()).to.equal('NOT SET UP');
    await card.getByRole('button', { name: 'Get paid' }).click();
    await page.waitForURL(new RegExp(`^http://127.0.0.1:${STAND_IN_PORT}/connect/acct_`));
    await page.getByRole('button', { name: 'Finish onboarding' }).click();
    await page.waitForURL(/\/credits\?onboarding=done$/);
    await hydrated(page);
    expect(await card.getByTestId('payout-state').textContent()).to.equal('PAYOUTS ON');
    // The month closed: its job (run here as the worker would) sends one transfer.
    const last = new Date();
    last.setUTCDate(0);
    const month = last.toISOString().slice(0, 7);
    await suite.server.app.kernel.services.credits.payments.payouts.runMonth(month);
    const [transfer] = [...stripe.objects.values()].filter((o) => o.object === 'transfer');
    expect(transfer.transfer_group).to.equal(`onetrack-${month}`);
    await page.reload();
    await hydrated(page);
    await card
      .getByTestId('payout-months')
      .getByText(new RegExp(`Sent .* · ${transfer.id}`))
      .waitFor();
    await noSideScroll(page);
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(shots, 'get-paid-1366x900.png'), fullPage: true });
    await page.setViewportSize({ width: 375, height: 812 });
    await noSideScroll(page);
    await page.screenshot({ path: path.join(shots, 'get-paid-375x812.png'), fullPage: true });
    expect(errors).to.deep.equal([]);
    await page.context().close();

    // The admin's payouts view reconciles the month: the demo's members never paid through Stripe, so it is flagged.
    const admin = await suite.server.client().post('/api/auth/register', {
      username: 'auditor',
      password: 'demo1234',
      email: 'auditor@example.com',
      name: 'Auditor',
    });
    expect(admin.status).to.equal(201);
    await suite.server.app.kernel.knex('users').where({ username: 'auditor' }).update({ role: 'admin' });
    const office = await openPage(suite.browser, suite.server.url, { viewport: { width: 1366, height: 900 } });
    await signIn(office.page, 'auditor');
    await office.page.goto(`/admin?month=${month}`);
    const reconciliation = office.page.getByTestId('reconciliation');
    await reconciliation.getByTestId('reconciliation-difference').waitFor();
    await reconciliation.getByText('Transfers sent').waitFor();
    await reconciliation.scrollIntoViewIfNeeded();
    await office.page.screenshot({ path: path.join(shots, 'admin-payouts-1366x900.png') });
    await office.page.setViewportSize({ width: 375, height: 812 });
    await noSideScroll(office.page);
    await reconciliation.scrollIntoViewIfNeeded();
    await office.page.screenshot({ path: path.join(shots, 'admin-payouts-375x812.png') });
    expect(office.errors).to.deep.equal([]);
    await office.page.context().close();
  });
});
