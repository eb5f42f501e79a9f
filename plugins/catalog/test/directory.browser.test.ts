import { expect } from 'chai';
import { DateTime } from 'luxon';
import type { Page } from 'playwright-core';
import { Artist } from '../../accounts/models.ts';
import { browserSuite, openPage } from '../../../site/test/browser.ts';
import * as m from '../../../lib/i18n/messages.ts';
import { addTrack, join, WITHOUT_INSIGHTS } from './fixtures.ts';

// The directory's orders in the browser (issue 13): Popular, A-Z and Longest streak are links
// that keep the search, with and without JavaScript. Needs the built site (npx astro build).

const names = (page: Page) =>
  page
    .locator('[data-artist-card] .artist-card-name')
    .allTextContents()
    .then((all) => all.map((n) => n.trim()));

describe('catalog: directory sorts in the browser', function () {
  this.timeout(60_000);
  const suite = browserSuite({ plugins: WITHOUT_INSIGHTS });
  /** The usual drop day of alpha (the 5th twice, and this month's) and beta (this month's). */
  let dropDays: number[];

  before(async () => {
    const now = DateTime.utc();
    const monthStart = now.startOf('month');
    // Halfway into this month so far: out already, and in this month whatever the day.
    const thisMonth = new Date((monthStart.toMillis() + now.toMillis()) / 2);
    const alpha = await join(suite.server, 'alpha', true);
    const beta = await join(suite.server, 'beta', true);
    const gamma = await join(suite.server, 'gamma', true);
    const named = [
      [alpha, 'Alpha Steady'],
      [beta, 'beta Fresh'],
      [gamma, 'Gamma Quiet'],
    ] as const;
    for (const [member, name] of named) {
      await Artist.query()
        .findById(member.artist!.id)
        .patch({ name, createdAt: monthStart.minus({ months: 4 }).toMillis() });
    }
    await addTrack(alpha.artist!.id, 'Alpha Now', thisMonth);
    for (const months of [1, 2])
      await addTrack(alpha.artist!.id, `Alpha ${months}`, monthStart.minus({ months }).plus({ days: 4 }).toJSDate());
    const betaNow = await addTrack(beta.artist!.id, 'Beta Now', thisMonth);
    dropDays = [[5, 5, thisMonth.getUTCDate()].sort((a, b) => a - b)[1], thisMonth.getUTCDate()];
    // A single is not a monthly drop: no streak, but it can be listened to.
    const gammaSingle = await addTrack(gamma.artist!.id, 'Gamma Single', thisMonth, false);
    const fans = await Promise.all(['fanone', 'fantwo'].map((username) => join(suite.server, username)));
    for (const fan of fans) expect((await fan.client.post(`/api/tracks/${betaNow}/listen`)).status).to.equal(201);
    expect((await fans[0].client.post(`/api/tracks/${gammaSingle}/listen`)).status).to.equal(201);
  });

  it('orders by A-Z, longest streak and popularity, keeping the search in the address', async () => {
    const { page, errors } = await openPage(suite.browser, suite.server.url);
    await page.goto('/artists');
    const sorts = page.getByRole('navigation', { name: 'Sort artists' });
    expect(await sorts.getByRole('link', { name: 'A-Z' }).getAttribute('aria-current')).to.equal('true');
    expect(await names(page)).to.deep.equal(['Alpha Steady', 'beta Fresh', 'Gamma Quiet']);

    await sorts.getByRole('link', { name: 'Longest streak' }).click();
    await page.waitForURL(`${suite.server.url}/artists?sort=streak`);
    await page.waitForFunction(
      () => document.querySelector('[aria-current="true"]')?.textContent?.trim() === 'Longest streak',
    );
    expect(await names(page)).to.deep.equal(['Alpha Steady', 'beta Fresh', 'Gamma Quiet']);
    expect(
      await page
        .getByTestId('drop-record')
        .allTextContents()
        .then((t) => t.map((s) => s.replace(/\s+/g, ' ').trim())),
    ).to.deep.equal([
      `3-month streak, ${m.record_usual({ day: dropDays[0] })}`,
      `1-month streak, ${m.record_usual({ day: dropDays[1] })}`,
      'No drops yet',
    ]);

    // Searching keeps the order, and the order links keep the search.
    await page.getByRole('searchbox', { name: 'Search artists by name or genre' }).fill('h');
    await page.waitForURL(`${suite.server.url}/artists?q=h&sort=streak`);
    await page.waitForFunction(() => document.querySelectorAll('[data-artist-card]').length === 2);
    expect(await names(page)).to.deep.equal(['Alpha Steady', 'beta Fresh']);
    expect(await sorts.getByRole('link', { name: 'Popular' }).getAttribute('href')).to.equal(
      '/artists?q=h&sort=popular',
    );

    await page.getByRole('searchbox', { name: 'Search artists by name or genre' }).fill('');
    await page.waitForURL(`${suite.server.url}/artists?sort=streak`);
    await sorts.getByRole('link', { name: 'Popular' }).click();
    await page.waitForURL(`${suite.server.url}/artists?sort=popular`);
    await page.waitForFunction(
      () => document.querySelector('[aria-current="true"]')?.textContent?.trim() === 'Popular',
    );
    // beta has two listeners this month, Gamma one, Alpha none.
    expect(await names(page)).to.deep.equal(['beta Fresh', 'Gamma Quiet', 'Alpha Steady']);
    expect(errors).to.deep.equal([]);
    await page.context().close();
  });

  it('works without JavaScript: the order links and the search form are plain requests', async () => {
    const { page } = await openPage(suite.browser, suite.server.url, { javaScriptEnabled: false });
    await page.goto('/artists');
    await page.getByRole('navigation', { name: 'Sort artists' }).getByRole('link', { name: 'Popular' }).click();
    await page.waitForURL(`${suite.server.url}/artists?sort=popular`);
    expect(await names(page)).to.deep.equal(['beta Fresh', 'Gamma Quiet', 'Alpha Steady']);
    const search = page.getByRole('searchbox', { name: 'Search artists by name or genre' });
    await search.fill('ma');
    await search.press('Enter');
    await page.waitForURL(`${suite.server.url}/artists?q=ma&sort=popular`);
    expect(await names(page)).to.deep.equal(['Gamma Quiet']);
    await page.context().close();
  });
});
