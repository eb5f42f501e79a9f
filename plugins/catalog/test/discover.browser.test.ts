import { expect } from 'chai';
import path from 'node:path';
import { DateTime } from 'luxon';
import type { Page } from 'playwright-core';
import { Artist } from '../../accounts/models.ts';
import { browserSuite, openPage, SHOTS_DIR } from '../../../site/test/browser.ts';
import { addTrack, join, WITHOUT_INSIGHTS } from './fixtures.ts';

// Discover's Latest / Popular / Genre and the directory's Filters in Chromium at both sizes (issue 26
// point 6): plain links, so they work the same without JavaScript. Needs the built site (npx astro build).

const titles = (page: Page) =>
  page
    .locator('.track-card-title')
    .allTextContents()
    .then((all) => all.map((t) => t.trim()));
const names = (page: Page) =>
  page
    .locator('[data-artist-card] .artist-card-name')
    .allTextContents()
    .then((all) => all.map((n) => n.trim()));
const SIZES = [
  { width: 1366, height: 900 },
  { width: 375, height: 812 },
];

describe('catalog: Discover orders and genres, directory filters (browser)', function () {
  this.timeout(60_000);
  const suite = browserSuite({ plugins: WITHOUT_INSIGHTS });

  before(async () => {
    const now = DateTime.utc();
    const monthStart = now.startOf('month');
    const at = (share: number) => new Date(monthStart.toMillis() + (now.toMillis() - monthStart.toMillis()) * share);
    const rock = await join(suite.server, 'rocker', true);
    const pop = await join(suite.server, 'popper', true);
    await Artist.query().findById(rock.artist!.id).patch({ name: 'Stone Road', genre: 'Rock' });
    await Artist.query().findById(pop.artist!.id).patch({ name: 'Bright Pop', genre: 'Pop' });
    const older = await addTrack(rock.artist!.id, 'Rock Anthem', at(0.3));
    await addTrack(pop.artist!.id, 'Pop Single', at(0.6));
    const fan = await join(suite.server, 'listener');
    expect((await fan.client.post(`/api/tracks/${older}/listen`)).status).to.equal(201);
  });

  for (const viewport of SIZES) {
    it(`orders and filters this month’s drops at ${viewport.width}px`, async () => {
      const { page, errors } = await openPage(suite.browser, suite.server.url, { viewport });
      await page.goto('/discover');
      const sorts = page.getByRole('navigation', { name: 'Sort drops' });
      expect(await sorts.getByRole('link', { name: 'Latest' }).getAttribute('aria-current')).to.equal('true');
      expect(await titles(page)).to.deep.equal(['Pop Single', 'Rock Anthem']);
      await sorts.getByRole('link', { name: 'Popular' }).click();
      await page.waitForURL(`${suite.server.url}/discover?sort=popular`);
      expect(await titles(page)).to.deep.equal(['Rock Anthem', 'Pop Single']);
      // The genre menu opens from the keyboard too (a disclosure of links).
      const genre = page.locator('summary', { hasText: 'Genre' });
      await genre.focus();
      await page.keyboard.press('Enter');
      const menu = page.getByRole('list', { name: 'Genres' });
      expect(await menu.isVisible()).to.equal(true);
      await page.screenshot({ path: path.join(SHOTS_DIR, `discover-genre-menu-${viewport.width}.png`) });
      // Within the viewport (not cut off at the phone's edge).
      const box = (await menu.boundingBox())!;
      expect(box.x).to.be.at.least(0);
      expect(box.x + box.width).to.be.at.most(viewport.width);
      await menu.getByRole('link', { name: 'Pop', exact: true }).click();
      await page.waitForURL(`${suite.server.url}/discover?sort=popular&genre=Pop`);
      expect(await titles(page)).to.deep.equal(['Pop Single']);
      expect(await page.locator('summary', { hasText: 'Genre: Pop' }).count()).to.equal(1);
      await page.screenshot({ path: path.join(SHOTS_DIR, `discover-pop-${viewport.width}.png`), fullPage: true });
      expect(errors).to.deep.equal([]);
      await page.context().close();
    });

    it(`filters the directory by genre at ${viewport.width}px, with the search`, async () => {
      const { page, errors } = await openPage(suite.browser, suite.server.url, { viewport });
      await page.goto('/artists');
      expect(await names(page)).to.include.members(['Bright Pop', 'Stone Road']);
      await page.locator('summary', { hasText: 'Filters' }).click();
      const menu = page.getByRole('list', { name: 'Genres' });
      const box = (await menu.boundingBox())!;
      expect(box.x).to.be.at.least(0);
      expect(box.x + box.width).to.be.at.most(viewport.width);
      await page.screenshot({ path: path.join(SHOTS_DIR, `artists-filters-menu-${viewport.width}.png`) });
      await menu.getByRole('link', { name: 'Rock', exact: true }).click();
      await page.waitForURL(`${suite.server.url}/artists?genre=Rock`);
      expect(await names(page)).to.deep.equal(['Stone Road']);
      // The as-you-type search keeps the filter.
      await page.getByRole('searchbox', { name: 'Search artists by name or genre' }).fill('bright');
      await page.waitForURL(`${suite.server.url}/artists?q=bright&genre=Rock`);
      await page.waitForFunction(() => document.querySelectorAll('[data-artist-card]').length === 0);
      await page.getByRole('searchbox', { name: 'Search artists by name or genre' }).fill('stone');
      await page.waitForURL(`${suite.server.url}/artists?q=stone&genre=Rock`);
      await page.waitForFunction(() => document.querySelectorAll('[data-artist-card]').length === 1);
      await page.screenshot({ path: path.join(SHOTS_DIR, `artists-genre-${viewport.width}.png`), fullPage: true });
      expect(errors).to.deep.equal([]);
      await page.context().close();
    });
  }

  it('works without JavaScript', async () => {
    const { page } = await openPage(suite.browser, suite.server.url, { javaScriptEnabled: false });
    await page.goto('/discover?sort=popular');
    await page.locator('summary', { hasText: 'Genre' }).click();
    await page.getByRole('list', { name: 'Genres' }).getByRole('link', { name: 'Rock', exact: true }).click();
    await page.waitForURL(`${suite.server.url}/discover?sort=popular&genre=Rock`);
    expect(await titles(page)).to.deep.equal(['Rock Anthem']);
    await page.context().close();
  });
});
