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
    // The top bar's Upgrade is the paid one here, not "free here" as where no money is taken.
    const upgrade = page.locator('header.topbar').getByRole('link', { name: 'Upgrade to Premium' });
    expect(await upgrade.textContent()).not.to.include('free here');

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

  it("shows the price before anyone signs up, in the page's language", async () => {
    const { page, errors } = await openPage(suite.browser, suite.server.url, {
      viewport: { width: 1366, height: 900 },
    });
    await page.goto('/auth?tab=register');
    expect(await page.getByTestId('price-note').textContent()).to.include('Premium: €9.99 a month');
    await page.goto('/es/');
    expect(await page.getByTestId('price-note').textContent()).to.match(/9,99\s€ al mes/);
    expect(errors).to.deep.equal([]);
    await page.context().close();
  });

  it("onboards an artist from the dashboard's Get paid; a refused transfer is retried on /admin/payouts", async () => {
    const { page, errors } = await openPage(suite.browser, suite.server.url, {
      viewport: { width: 1366, height: 900 },
    });
    await signIn(page, 'novaharbor');
    await page.goto('/dashboard');
    await hydrated(page);
    const card = page.getByTestId('get-paid');
    expect(await card.getByTestId('payout-state').textContent()).to.equal('NOT SET UP');
    await card.getByRole('button', { name: 'Get paid' }).click();
    await page.waitForURL(new RegExp(`^http://127.0.0.1:${STAND_IN_PORT}/connect/acct_`));
    await page.getByRole('button', { name: 'Finish onboarding' }).click();
    await page.waitForURL(/\/dashboard\?onboarding=done$/);
    await hydrated(page);
    expect(await card.getByTestId('payout-state').textContent()).to.equal('PAYOUTS ON');
    // The month closed: its job (run here as the worker would) is refused by Stripe once.
    const last = new Date();
    last.setUTCDate(0);
    const month = last.toISOString().slice(0, 7);
    stripe.failNextTransfer = 'Insufficient funds in Stripe account';
    const refused = await suite.server.app.kernel.services.credits.payments.payouts.runMonth(month).catch((e) => e);
    expect(refused).to.be.an('error');
    await page.reload();
    await hydrated(page);
    await card.getByTestId('payout-months').getByText('Failed: Insufficient funds in Stripe account').waitFor();

    // The admin's payouts view: the reconciliation (the demo's members never paid through Stripe, so
    // it is flagged), each artist's transfer, and a retry for the refused one. Admins only, on the server.
    const fan = suite.server.client();
    const admin = await fan.post('/api/auth/register', {
      username: 'auditor',
      password: 'demo1234',
      email: 'auditor@example.com',
      name: 'Auditor',
    });
    expect(admin.status).to.equal(201);
    expect((await fan.get(`/api/credits/payments/admin/${month}`)).status).to.equal(403);
    expect((await fan.post(`/api/credits/payments/admin/${month}/retry`)).status).to.equal(403);
    expect((await fan.get('/admin/payouts')).status).to.equal(403);
    await suite.server.app.kernel.services.accounts.setRole('auditor', 'admin');
    const office = await openPage(suite.browser, suite.server.url, { viewport: { width: 1366, height: 900 } });
    await signIn(office.page, 'auditor');
    await office.page.goto('/admin');
    await office.page.getByRole('link', { name: 'Payouts', exact: true }).click();
    await office.page.waitForURL(/\/admin\/payouts$/);
    await hydrated(office.page);
    // The last closed month is the latest offered: no Next into the month in progress.
    expect(await office.page.getByRole('link', { name: 'Next month' }).count()).to.equal(0);
    expect(await office.page.getByRole('link', { name: 'Previous month' }).count()).to.equal(1);
    const reconciliation = office.page.getByTestId('reconciliation');
    await reconciliation.getByTestId('reconciliation-difference').waitFor();
    await reconciliation.getByText('Transfers sent').waitFor();
    const row = office.page.getByTestId('admin-transfers').locator('tr', { hasText: 'Nova Harbor' });
    expect(await row.getByText('Failed', { exact: true }).count()).to.equal(1);
    await office.page.getByRole('button', { name: 'Retry failed transfers' }).click();
    await row.getByText('Sent', { exact: true }).waitFor();
    const [transfer] = [...stripe.objects.values()].filter((o) => o.object === 'transfer');
    expect(transfer.transfer_group).to.equal(`onetrack-${month}`);
    expect(await row.textContent()).to.include(transfer.id);
    await noSideScroll(office.page);
    await office.page.screenshot({ path: path.join(shots, 'admin-payouts-1366x900.png'), fullPage: true });
    await office.page.setViewportSize({ width: 375, height: 812 });
    await office.page.reload();
    await hydrated(office.page);
    await noSideScroll(office.page);
    await office.page.screenshot({ path: path.join(shots, 'admin-payouts-375x812.png'), fullPage: true });
    expect(office.errors).to.deep.equal([]);
    await office.page.context().close();

    // The artist's dashboard: the month sent, with the transfer that carried it.
    await page.reload();
    await hydrated(page);
    await card
      .getByTestId('payout-months')
      .getByText(new RegExp(`Sent .* · ${transfer.id}`))
      .waitFor();
    await noSideScroll(page);
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(shots, 'dashboard-get-paid-1366x900.png') });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.reload();
    await hydrated(page);
    await card.getByTestId('payout-months').waitFor();
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(shots, 'dashboard-get-paid-375x812.png') });
    // The card fits the phone (insights' hidden chart tables make the dashboard itself wider: not this card).
    const box = (await card.boundingBox())!;
    expect(box.x + box.width).to.be.at.most(375);
    // Transparency adds the provider's fees and the money given back (a short table a month on a phone).
    await page.goto('/transparency');
    const heading = page.getByRole('heading', { name: 'Payment provider: fees and money given back' });
    await heading.scrollIntoViewIfNeeded();
    await page.getByRole('rowheader', { name: 'Absorbed by OneTrack' }).first().waitFor();
    await noSideScroll(page);
    await page.screenshot({ path: path.join(shots, 'transparency-375x812.png') });
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.reload();
    const provider = page.getByTestId('transparency-provider');
    await provider.getByRole('columnheader', { name: 'Provider fees' }).waitFor();
    await provider.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(shots, 'transparency-1366x900.png') });
    expect(errors).to.deep.equal([]);
    await page.context().close();
  });
});
