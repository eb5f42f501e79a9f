import { expect } from 'chai';
import { openPage } from '../../../site/test/browser.ts';
import { demoBrowserSuite, hydrated, signIn, toastSaying } from '../../accounts/test/browser.ts';
import { join } from '../../catalog/test/fixtures.ts';

// A fixed day well before November's pledge deadline; the demo artists have all dropped by then,
// so the suite pledges to an artist of its own whose drop is still to come.
const clock = new Date('2026-11-10T12:00:00Z');

describe('pledges in the browser', function () {
  this.timeout(60_000);
  const suite = demoBrowserSuite({ now: () => clock });
  let artist: { id: number };

  before(async () => {
    const member = await join(suite.server, 'quietstorm', true);
    artist = member.artist!;
  });

  it('pledges from the artist page, the artist sees it waiting, and the fan cancels it in the vault', async () => {
    const { page, errors } = await openPage(suite.browser, suite.server.url);
    await signIn(page);
    await page.goto(`/artist/${artist.id}`);
    await hydrated(page);
    await page.getByRole('button', { name: 'Pledge to the next drop' }).click();
    const dialog = page.getByRole('dialog', { name: "Pledge to quietstorm name's next drop" });
    await dialog.getByText('You have 100 credits available for November.').waitFor();
    await dialog.getByText("Your pledge goes to quietstorm name's November drop.").waitFor();
    await dialog.getByLabel('Credits to pledge').fill('500');
    await dialog.getByRole('button', { name: 'Pledge Credits' }).click();
    await toastSaying(page, 'You only have 100 credits available');
    await dialog.getByLabel('Credits to pledge').fill('20');
    await dialog.getByRole('button', { name: 'Pledge Credits' }).click();
    await toastSaying(page, "20 credits pledged to quietstorm name's November drop");
    await dialog.waitFor({ state: 'detached' });

    // The artist sees what waits for the drop on the upload screen and on their page.
    const artistPage = await openPage(suite.browser, suite.server.url);
    const login = await artistPage.page.request.post('/api/auth/login', {
      data: { username: 'quietstorm', password: 'secret123' },
    });
    expect(login.status()).to.equal(200);
    await artistPage.page.goto('/upload');
    expect(await artistPage.page.getByTestId('pledges-waiting').textContent()).to.equal(
      '20 credits waiting for your November drop',
    );
    await artistPage.page.goto(`/artist/${artist.id}`);
    expect(await artistPage.page.getByTestId('pledges-waiting').textContent()).to.equal(
      '20 credits waiting for your November drop',
    );
    expect(
      await artistPage.page.getByRole('button', { name: 'Pledge to the next drop' }).count(),
      'no pledging to yourself',
    ).to.equal(0);

    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Credits' }).click();
    await page.getByRole('heading', { name: 'Credit Vault', level: 1 }).waitFor();
    await hydrated(page);
    expect(await page.getByTestId('vault-balance').textContent()).to.equal('80');
    const pledged = page.getByTestId('vault-pledged');
    expect(await pledged.getByTestId('pledged-total').textContent()).to.equal('20 credits held for coming drops');
    await pledged.getByRole('button', { name: 'Cancel pledge of 20 credits to quietstorm name' }).click();
    await toastSaying(page, '20 credits back in your balance');
    await page.getByTestId('vault-balance').filter({ hasText: '100' }).waitFor();
    expect(await pledged.getByTestId('pledged-total').textContent()).to.equal('Nothing held for coming drops');
    expect(errors).to.deep.equal([]);
    expect(artistPage.errors).to.deep.equal([]);
  });

  it('pledges from the vault to an artist chosen in its dialog', async () => {
    const { page, errors } = await openPage(suite.browser, suite.server.url, { viewport: { width: 375, height: 812 } });
    await signIn(page);
    await page.goto('/credits');
    await hydrated(page);
    await page.getByTestId('vault-pledged').getByRole('button', { name: 'Pledge to the next drop' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pledge to the next drop' });
    await dialog.waitFor(); // its code loads on first open
    // and its artists each time it opens
    await dialog.getByLabel('Artist').locator('option', { hasText: 'Nova Harbor' }).waitFor({ state: 'attached' });
    // Every artist is offered, each with the month of their next drop: the demo artists have all
    // dropped in November, so theirs is December's.
    const options = await dialog.getByLabel('Artist').locator('option').allTextContents();
    expect(options).to.include('quietstorm name · November drop').and.include('Nova Harbor · December drop');
    expect(options.filter((o) => o.endsWith('November drop'))).to.deep.equal(['quietstorm name · November drop']);
    await dialog.getByLabel('Artist').selectOption({ label: 'quietstorm name · November drop' });
    await dialog.getByLabel('Credits to pledge').fill('7');
    await dialog.getByRole('button', { name: 'Pledge Credits' }).click();
    await toastSaying(page, "7 credits pledged to quietstorm name's November drop");
    await page.getByTestId('pledged-total').filter({ hasText: '7 credits held for coming drops' }).waitFor();
    // A pledge to Nova Harbor, who has dropped in November, goes to her December drop, from December's credits.
    await page.getByTestId('vault-pledged').getByRole('button', { name: 'Pledge to the next drop' }).click();
    await dialog.getByLabel('Artist').selectOption({ label: 'Nova Harbor · December drop' });
    await dialog.getByText('You have 100 credits available for December.').waitFor();
    await dialog.getByLabel('Credits to pledge').fill('5');
    await dialog.getByRole('button', { name: 'Pledge Credits' }).click();
    await toastSaying(page, "5 credits pledged to Nova Harbor's December drop");
    await page.getByTestId('vault-pledged').getByText('Nova Harbor').waitFor();
    expect(await page.getByTestId('vault-pledged').getByText('· December drop').count()).to.equal(1);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).to.equal(0);
    expect(errors).to.deep.equal([]);
  });
});
