import { expect } from 'chai';
import { browserSuite, holdUntilReleased, openPage } from '../../../site/test/browser.ts';
import { demoBrowserSuite, hydrated, signIn, toastSaying } from '../../accounts/test/browser.ts';
import { signUp } from '../../accounts/test/fixtures.ts';

describe('credits in the browser', () => {
  const suite = demoBrowserSuite();

  it('allocates from an artist page, and the vault shows it', async () => {
    const { page, errors } = await openPage(suite.browser, suite.server.url);
    await signIn(page);
    await page.goto(`/artist/${suite.nova.id}`);
    await hydrated(page);
    await page.getByRole('button', { name: 'Support with Credits' }).click();
    const dialog = page.getByRole('dialog', { name: 'Support Nova Harbor with Credits' });
    await dialog.getByText('You have 100 credits available this month.').waitFor();
    const submit = dialog.getByRole('button', { name: 'Allocate Credits' });
    expect(await submit.isDisabled()).to.equal(true);

    await dialog.getByLabel('Credits to allocate').fill('500');
    await submit.click();
    await toastSaying(page, 'You only have 100 credits available');

    await dialog.getByLabel('Credits to allocate').fill('15');
    await submit.click();
    await toastSaying(page, 'Successfully allocated 15 credits to Nova Harbor');
    expect(await page.getByTestId('toast').textContent()).to.include('Credits Allocated');
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Credits' }).click();
    await page.getByRole('heading', { name: 'Credit Vault', level: 1 }).waitFor();
    expect(await page.getByTestId('vault-balance').textContent()).to.equal('85');
    expect(await page.getByTestId('vault-this-month').textContent()).to.equal('15');
    // The bar under "Available credits" shows what is left (85 %), not what was spent.
    const bar = page.getByRole('progressbar', { name: '85 of 100 credits available this month' });
    expect(await bar.locator('.progress-bar').evaluate((el) => el.style.width)).to.equal('85%');
    // And a fan is told where the credits they leave go.
    expect(await page.locator('.vault-balance').textContent()).to.include(
      'the ones you leave follow what you play that month',
    );
    const firstRow = page.locator('.vault-history tbody tr').first();
    expect(await firstRow.textContent()).to.include('Nova Harbor');
    expect(await firstRow.locator('td').last().textContent()).to.equal('15');
    expect(errors).to.deep.equal([]);
  });

  it('allocates from the vault’s own dialog and updates the numbers without a reload', async () => {
    const { page, errors } = await openPage(suite.browser, suite.server.url);
    await signIn(page);
    await page.goto('/credits');
    await hydrated(page);
    await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));
    await page.getByRole('button', { name: 'Allocate Credits' }).click();
    const dialog = page.getByRole('dialog', { name: 'Allocate Credits' });
    await dialog.getByLabel('Credits').fill('5');
    await dialog.getByRole('button', { name: 'Allocate', exact: true }).click();
    await toastSaying(page, 'Please select an artist and enter a valid credit amount');
    await dialog.getByLabel('Artist').selectOption({ label: 'Kai Rocks (Rock)' });
    await dialog.getByRole('button', { name: 'Allocate', exact: true }).click();
    await toastSaying(page, 'Successfully allocated 5 credits to Kai Rocks');
    // The same success toast as the artist page's dialog, visible above everything once the dialog closes.
    await dialog.waitFor({ state: 'detached' });
    const toast = page.getByTestId('toast');
    expect(await toast.textContent()).to.include('Credits Allocated');
    expect(await toast.isVisible()).to.equal(true);
    expect(
      await toast.evaluate(
        (el) =>
          document
            .elementFromPoint(el.getBoundingClientRect().x + 20, el.getBoundingClientRect().y + 20)
            ?.closest('[data-testid="toast"]') === el,
      ),
    ).to.equal(true);
    await page.getByTestId('vault-balance').filter({ hasText: '80' }).waitFor();
    expect(await page.getByTestId('vault-this-month').textContent()).to.equal('20');
    expect(await page.locator('.vault-history tbody tr').first().textContent()).to.include('Kai Rocks');
    expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).to.equal(true);
    expect(errors).to.deep.equal([]);
  });

  it(
    'reads the Allocate dialog’s artists when it opens, ' + 'not with the page, and offers a Retry when that fails',
    async () => {
      const { page, errors } = await openPage(suite.browser, suite.server.url);
      await signIn(page);
      // Artists the fan gave nothing to appear on the vault only if the page carries the dialog's list.
      const artists: Array<{ name: string }> = await (await page.request.get('/api/credits/artists')).json();
      const given: Array<{ artist: { name: string } | null }> = await (
        await page.request.get('/api/credits/allocations')
      ).json();
      const onlyListed = artists.map((a) => a.name).filter((name) => !given.some((a) => a.artist?.name === name));
      expect(onlyListed).to.include('Ivy Quartet');
      const html = await (await page.request.get('/credits')).text();
      expect(html).to.include('Allocate Credits');
      for (const name of onlyListed) expect(html, name).not.to.include(name);

      await page.goto('/credits');
      await hydrated(page);
      const release = await holdUntilReleased(page, /\/api\/credits\/artists$/);
      await page.getByRole('button', { name: 'Allocate Credits' }).click();
      const dialog = page.getByRole('dialog', { name: 'Allocate Credits' });
      const select = dialog.getByLabel('Artist');
      const submit = dialog.getByRole('button', { name: 'Allocate', exact: true });
      await dialog.getByLabel('Credits').fill('5');
      expect(await select.locator('option').allTextContents()).to.deep.equal(['Loading artists…']);
      expect(await select.locator('option').evaluate((option: HTMLOptionElement) => option.disabled)).to.equal(true);
      expect(await submit.isDisabled()).to.equal(true);
      release();
      await select.locator('option', { hasText: 'Ivy Quartet (Classical)' }).waitFor({ state: 'attached' });
      expect(await submit.isEnabled()).to.equal(true);

      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.route(
        /\/api\/credits\/artists$/,
        (route) =>
          route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Service Unavailable"}' }),
        { times: 1 },
      );
      await page.getByRole('button', { name: 'Allocate Credits' }).click();
      await dialog.getByRole('alert').filter({ hasText: 'The artists could not be loaded.' }).waitFor();
      expect(await submit.isDisabled()).to.equal(true);
      await dialog.getByRole('button', { name: 'Retry' }).click();
      await select.selectOption({ label: 'Ivy Quartet (Classical)' });
      expect(await dialog.getByRole('alert').count()).to.equal(0);
      expect(await submit.isEnabled()).to.equal(true);
      expect(errors.filter((error) => !error.includes('503'))).to.deep.equal([]);
    },
  );

  it('fits a 375 px phone and asks a signed-out visitor to log in', async () => {
    const { page } = await openPage(suite.browser, suite.server.url, { viewport: { width: 375, height: 740 } });
    await page.goto('/credits');
    await page.getByRole('heading', { name: 'Not Logged In' }).waitFor();
    await signIn(page);
    await page.goto('/credits');
    await hydrated(page);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).to.equal(0);
  });
});

describe('the vault with nobody to allocate to', () => {
  const suite = browserSuite();

  it('keeps Allocate Credits disabled and says why, until another artist joins', async () => {
    await signUp(suite.server, 'solo', { artist: true });
    const { page, errors } = await openPage(suite.browser, suite.server.url);
    expect(
      (await page.request.post('/api/auth/login', { data: { username: 'solo', password: 'secret123' } })).status(),
    ).to.equal(200);
    await page.goto('/credits');
    await hydrated(page);
    const allocate = page.getByRole('button', { name: 'Allocate Credits' });
    expect(await allocate.isDisabled()).to.equal(true);
    expect(await page.locator(`#${await allocate.getAttribute('aria-describedby')}`).textContent()).to.equal(
      'There are no other artists to allocate to yet.',
    );
    await signUp(suite.server, 'second', { artist: true });
    await page.reload();
    await hydrated(page);
    expect(await allocate.isEnabled()).to.equal(true);
    expect(await allocate.getAttribute('aria-describedby')).to.equal(null);
    expect(errors).to.deep.equal([]);
  });
});
