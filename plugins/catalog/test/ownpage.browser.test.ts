import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { openPage } from '../../../site/test/browser.ts';
import { demoBrowserSuite, hydrated, signIn } from '../../accounts/test/browser.ts';

// An artist's own page and the countdowns (issue 26 points 4 and 10): Nova Harbor has scheduled her
// December drop (the demo's, on the 3rd); she sees her page as fans do, with her own actions and her scheduled release,
// and
// every countdown is to an artist's own scheduled drop, or says there is none.
const clock = new Date('2026-11-26T12:00:00Z');
/** The browser's clock starts at the server's (and ticks on): its countdowns count from its own Date. */
const atServerTime = (page: Page) => page.clock.install({ time: clock });

describe("an artist's own page and the countdowns in the browser", function () {
  this.timeout(60_000);
  const suite = demoBrowserSuite({ now: () => clock });

  for (const viewport of [
    { width: 1366, height: 900 },
    { width: 375, height: 812 },
  ]) {
    it(
      `shows Nova Harbor her page as fans see it, with her actions and her scheduled ` + `drop (${viewport.width} px)`,
      async () => {
        const { page, errors } = await openPage(suite.browser, suite.server.url, { viewport });
        await atServerTime(page);
        await signIn(page, 'novaharbor');
        await page.goto(`/artist/${suite.nova.id}`);
        await hydrated(page);
        await page.getByTestId('own-page-note').waitFor();
        for (const name of ['Subscribe to Nova Harbor', 'Support with Credits', 'Message', 'Pledge to the next drop']) {
          expect(await page.getByRole('button', { name }).count(), name).to.equal(0);
        }
        const links = page.locator('.artist-actions').getByRole('link');
        expect(await links.evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute('href')]))).to.deep.equal([
          ['New release', '/upload'],
          ['Edit profile', '/profile'],
          ['Statement', '/credits#artist-statement-title'],
        ]);
        await page.locator('.artist-actions').getByRole('button', { name: 'Share' }).waitFor();
        // The countdown runs to her scheduled drop, 6½ days away (the browser ticks it on its own clock).
        const timer = page.getByRole('timer', { name: 'Next drop countdown' });
        expect(await timer.locator('[data-unit="0"]').textContent()).to.equal('06');
        const scheduled = page.getByTestId('own-scheduled');
        await scheduled.getByRole('link', { name: 'Tide Tables' }).waitFor();
        expect(await scheduled.getByTestId('scheduled-badge').textContent()).to.equal('Scheduled · Dec 3, 2026');
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
        ).to.equal(0);
        expect(errors).to.deep.equal([]);
        await page.context().close();
      },
    );
  }

  it('shows a fan the same countdown and their own actions, and no scheduled release', async () => {
    const { page, errors } = await openPage(suite.browser, suite.server.url);
    await atServerTime(page);
    await signIn(page);
    await page.goto(`/artist/${suite.nova.id}`);
    await hydrated(page);
    await page
      .getByRole('button', { name: 'Subscribe to Nova Harbor' })
      .or(page.getByRole('button', { name: 'Subscribed to Nova Harbor' }))
      .waitFor();
    await page.getByRole('button', { name: 'Pledge to the next drop' }).waitFor();
    expect(await page.getByTestId('own-page-note').count()).to.equal(0);
    expect(await page.getByTestId('own-scheduled').count()).to.equal(0);
    expect(
      await page.getByRole('timer', { name: 'Next drop countdown' }).locator('[data-unit="0"]').textContent(),
    ).to.equal('06');
    expect(errors).to.deep.equal([]);
    await page.context().close();
  });

  it('counts every card down to its own artist’s scheduled drop, or says none is scheduled, and ticks', async () => {
    const { page, errors } = await openPage(suite.browser, suite.server.url, { viewport: { width: 375, height: 812 } });
    await atServerTime(page);
    await page.goto('/artists');
    const nova = page.locator('[data-artist-card]').filter({ hasText: 'Nova Harbor' });
    const compact = nova.locator('[data-countdown-text]');
    expect(await compact.textContent()).to.match(/^6d \d{2}:\d{2}:\d{2}$/);
    const first = await compact.textContent();
    await page.waitForFunction((v) => document.querySelector('[data-countdown-text]')!.textContent !== v, first, {
      timeout: 3000,
    });
    const others = page.locator('[data-artist-card]').filter({ hasNotText: 'Nova Harbor' });
    expect(await others.count()).to.be.greaterThan(0);
    expect(await others.locator('[data-countdown]').count(), 'no invented date').to.equal(0);
    expect(await others.first().getByTestId('next-drop-none').textContent()).to.equal('not scheduled yet');
    // An artist page without a scheduled drop says so, with the day the artist usually drops on.
    const other = await others.first().getByRole('link').first().getAttribute('href');
    await page.goto(other!);
    expect(await page.getByTestId('next-drop-none').textContent()).to.match(
      /^Not scheduled yet · usually around the \d+(st|nd|rd|th)$/,
    );
    expect(errors).to.deep.equal([]);
    await page.context().close();
  });
});
