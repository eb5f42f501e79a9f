import { expect } from 'chai';
import { openPage } from '../../../site/test/browser.ts';
import { demoBrowserSuite, hydrated, signIn, toastSaying } from '../../accounts/test/browser.ts';

describe('admin in the browser', () => {
  const suite = demoBrowserSuite();

  before(() => suite.server.app.kernel.services.accounts.setRole('novaharbor', 'admin'));

  it('never sends the editor to a visitor (401) or a listener (403)', async () => {
    const { page } = await openPage(suite.browser, suite.server.url);
    const anonymous = await page.goto('/admin');
    expect(anonymous!.status()).to.equal(401);
    await page.getByRole('heading', { name: 'Not Logged In' }).waitFor();
    await signIn(page);
    const listener = await page.goto('/admin');
    expect(listener!.status()).to.equal(403);
    await page.getByRole('heading', { name: '403 Access Denied' }).waitFor();
    const html = await page.content();
    expect(html).not.to.include('Hero subtitle');
    expect(html).not.to.include('Total users');
  });

  it('edits the hero subtitle and the home page shows it', async () => {
    const { page, errors } = await openPage(suite.browser, suite.server.url);
    await signIn(page, 'novaharbor');
    await page.goto('/admin');
    await hydrated(page);
    expect(await page.getByText('Total users').count()).to.equal(1);
    const block = page.getByRole('form', { name: 'Hero subtitle' });
    await block.getByRole('textbox').fill('   ');
    await block.getByRole('button', { name: 'Save' }).click();
    await block.getByText('Content cannot be empty').waitFor();
    await block.getByRole('textbox').fill('Fans decide who gets paid. Every single month.');
    expect(await block.getByTestId('char-count').textContent()).to.include('46 / 600');
    await block.getByRole('button', { name: 'Save' }).click();
    await toastSaying(page, 'Hero subtitle has been saved');

    await page.getByRole('tab', { name: 'How It Works' }).click();
    const step = page.getByRole('form', { name: 'Step 2 title' });
    await step.getByRole('textbox').fill('Equal Credits For Everyone');
    await step.getByRole('button', { name: 'Save' }).click();
    await toastSaying(page, 'Step 2 title has been saved');

    await page.goto('/');
    expect(await page.locator('.hero-subtitle').textContent()).to.include(
      'Fans decide who gets paid. Every single month.',
    );
    await page.getByRole('heading', { name: 'Equal Credits For Everyone' }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).to.equal(
      'One Track. Per Month. One Chance. Forever.',
    );
    expect(errors).to.deep.equal([]);
  });
});
