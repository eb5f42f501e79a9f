import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { createRunner } from '../../../media-worker/runner.ts';
import { openPage } from '../../../site/test/browser.ts';
import { accountJobs, PHOTO_SIZES_JOB } from '../../accounts/jobs.ts';
import { demoBrowserSuite, hydrated, signIn } from '../../accounts/test/browser.ts';

// Artist photos in their web sizes, as a browser lays them out and fetches them: the same boxes as the
// plain <img> had (the theme styles an <img>), and the header's preload is the file the page uses.

describe('artist photos in their web sizes (browser)', function () {
  this.timeout(120_000);
  const suite = demoBrowserSuite();

  before(async () => {
    // The demo's photo jobs, through the runner (which empties the page cache when a job is done).
    const made = await createRunner(suite.server.app.kernel, {
      [PHOTO_SIZES_JOB]: accountJobs[PHOTO_SIZES_JOB],
    }).drain();
    expect(made).to.equal(8);
  });

  const box = (page: Page, selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((img: HTMLImageElement) => {
        const r = img.getBoundingClientRect();
        return {
          width: r.width,
          height: r.height,
          left: r.left,
          top: r.top,
          bottom: r.bottom,
          radius: getComputedStyle(img).borderRadius,
          src: img.currentSrc.replace(/^.*\//, ''),
        };
      });

  for (const [width, height, photo, side] of [
    [1366, 900, 180, 'beside'],
    [375, 812, 140, 'above'],
  ] as const) {
    it(
      `at ${width}x${height}: the header photo is a round ${photo} px AVIF ${side} ` +
        `the name, fetched once with its preload`,
      async () => {
        const { page, errors } = await openPage(suite.browser, suite.server.url, { viewport: { width, height } });
        await page.goto(`/artist/${suite.nova.id}`, { waitUntil: 'load' });
        const image = await box(page, '.artist-header-image');
        // 224w covers 140–180 px at DPR 1.
        expect(image).to.include({ width: photo, height: photo, radius: '50%' });
        expect(image.src).to.match(/^\d+-[0-9a-f]{12}-224\.avif$/);
        const name = await page.locator('h1.artist-name').boundingBox();
        if (side === 'beside') expect(image.left + photo).to.be.below(name!.x);
        else expect(image.bottom).to.be.at.most(name!.y);
        const photoRequests = await page.evaluate(() =>
          performance
            .getEntriesByType('resource')
            .map((e) => e.name)
            .filter((url) => url.includes('/media/avatars/') || url.includes('novaharbor.jpg')),
        );
        expect(
          photoRequests.filter((url) => url.endsWith(image.src)),
          'the preloaded file is the one shown',
        ).to.have.length(1);
        expect(
          photoRequests.filter((url) => url.includes('novaharbor.jpg')),
          'not the original too',
        ).to.deep.equal([]);
        expect(errors).to.deep.equal([]);
        await page.context().close();
      },
    );
  }

  it('keeps the cards’ and the track page’s avatars in their boxes', async () => {
    const { page, errors } = await openPage(suite.browser, suite.server.url, {
      viewport: { width: 1366, height: 900 },
    });
    await page.goto('/artists', { waitUntil: 'load' });
    const card = await box(page, '.artist-card-image');
    expect(card).to.include({ width: 112, height: 112, radius: '50%' });
    expect(card.src).to.match(/-224\.avif$/);
    await page.context().close();

    // A fresh browser: one that holds a larger size of the same srcset uses that instead.
    const fresh = await openPage(suite.browser, suite.server.url, { viewport: { width: 1366, height: 900 } });
    const track = (await suite.server.client().get(`/api/artists/${suite.nova.id}/tracks`)).body[0];
    await fresh.page.goto(`/tracks/${track.id}`, { waitUntil: 'load' });
    const avatar = await box(fresh.page, '.track-page-artist-link .avatar');
    expect(avatar).to.include({ width: 36, height: 36, radius: '50%' });
    expect(avatar.src).to.match(/-96\.avif$/);
    // Beside the name, the link's gap between them and nothing else.
    const name = await fresh.page.locator('.track-page-artist-link span').first().boundingBox();
    expect(name!.x - (avatar.left + avatar.width)).to.be.closeTo(8, 0.5);
    expect([...errors, ...fresh.errors]).to.deep.equal([]);
    await fresh.page.context().close();
  });

  it('shows a signed-in listener’s subscriptions in the sidebar in their smallest size', async () => {
    const { page, errors } = await openPage(suite.browser, suite.server.url, {
      viewport: { width: 1366, height: 900 },
    });
    await signIn(page);
    await page.goto('/', { waitUntil: 'load' });
    await hydrated(page);
    const avatar = await box(page, '.sidebar-subscriptions .avatar');
    expect(avatar).to.include({ width: 24, height: 24, radius: '50%' });
    expect(avatar.src).to.match(/-96\.avif$/);
    const label = await page.locator('.sidebar-subscriptions .sidebar-link .label').first().boundingBox();
    expect(label!.x - (avatar.left + avatar.width), 'the link’s gap, no empty source boxes').to.be.closeTo(12, 0.5);
    expect(errors).to.deep.equal([]);
    await page.context().close();
  });
});
