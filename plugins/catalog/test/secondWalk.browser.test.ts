import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { demoBrowserSuite, hydrated, signIn, toastSaying } from '../../accounts/test/browser.ts';
import path from 'node:path';
import { openPage, SHOTS_DIR } from '../../../site/test/browser.ts';
import * as m from '../../../lib/i18n/messages.ts';
import { WITHDRAW_MESSAGES } from '../../releases/rules.ts';

// Issue 44, walked in a browser: what a visitor, a fan and an artist hit (points 1, 3, 8, 12, 14 and 15).
// One page per journey; each assertion failed before its change.

/** WCAG contrast ratio of two CSS rgb() colours. */
function contrast(a: string, b: string): number {
  const luminance = (css: string) => {
    const [r, g, bl] = css
      .match(/[\d.]+/g)!
      .slice(0, 3)
      .map(Number);
    const lin = (c: number) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(bl);
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');

describe('the second walk (browser)', function () {
  this.timeout(120_000);
  const suite = demoBrowserSuite();
  let track: { id: number; likeCount: number };

  before(async () => {
    track = (await suite.server.client().get(`/api/artists/${suite.nova.id}/tracks`)).body[0];
  });

  it(
    'a visitor: Like offers sign-in without a refused request, Message says sign ' +
      'in before any typing, covers have a colour',
    async () => {
      const { page, errors } = await openPage(suite.browser, suite.server.url, {
        viewport: { width: 375, height: 812 },
      });
      const likes: string[] = [];
      page.on('request', (request) => request.url().endsWith('/like') && likes.push(request.url()));
      await page.goto(`/tracks/${track.id}`);
      await hydrated(page);
      // A placeholder colour until the cover loads (once the stylesheet applies).
      await page.waitForFunction(
        () => getComputedStyle(document.querySelector('img.track-page-cover')!).backgroundColor !== 'rgba(0, 0, 0, 0)',
        undefined,
        { timeout: 10_000 },
      );
      await page.locator('.like-button').click();
      await toastSaying(page, 'Authentication required');
      expect(likes, 'no request the server can only refuse').to.deep.equal([]);

      // The phone's menu toggle reports the drawer, which takes the focus when it opens.
      const toggle = page.getByRole('button', { name: 'Toggle sidebar' });
      expect(await toggle.getAttribute('aria-expanded')).to.equal('false');
      await toggle.click();
      // A click before the top bar hydrated is replayed once it has: wait for the drawer to report open.
      await page.locator('.topbar [aria-controls="sidebar"][aria-expanded="true"]').waitFor({ timeout: 10_000 });
      await page.waitForFunction(() => !!document.activeElement?.closest('#sidebar'), undefined, { timeout: 10_000 });
      await page.keyboard.press('Escape');
      expect(await toggle.getAttribute('aria-expanded')).to.equal('false');

      await page.goto(`/artist/${suite.nova.id}`);
      await hydrated(page);
      await page.getByRole('button', { name: 'Message' }).click();
      await page.getByTestId('message-sign-in').waitFor();
      expect(await page.locator('.modal textarea').count()).to.equal(0);
      expect(await page.locator('.modal a', { hasText: 'Log In' }).getAttribute('href')).to.equal(
        `/login?next=%2Fartist%2F${suite.nova.id}`,
      );
      expect(errors).to.deep.equal([]);
      await page.context().close();
    },
  );

  it(
    'a fan: the like line follows the Like, home offers no Create Account, dialogs ' +
      'focus their field, gold focus rings show, Unsubscribe',
    async () => {
      const { page, errors } = await openPage(suite.browser, suite.server.url, {
        viewport: { width: 1366, height: 900 },
      });
      await signIn(page);
      await page.goto('/');
      expect(await page.getByRole('link', { name: 'Create Account' }).count()).to.equal(0);

      await page.goto(`/tracks/${track.id}`);
      await hydrated(page);
      const before = Number(await page.locator('.like-count').textContent());
      await page.locator('.like-button').click();
      await page.waitForFunction((was) => document.querySelector('.like-count')?.textContent !== String(was), before);
      const after = Number(await page.locator('.like-count').textContent());
      expect(await page.getByTestId('track-stats').textContent()).to.match(new RegExp(`^${after} likes? ·`));

      await page.goto(`/artist/${suite.nova.id}`);
      await hydrated(page);
      await page.getByRole('button', { name: 'Support with Credits' }).click();
      await page.locator('.modal.show').waitFor();
      await page.waitForFunction(() => document.activeElement?.id === 'support-amount');
      await page.keyboard.press('Escape');
      await page.locator('.modal').waitFor({ state: 'detached' });

      // A gold button's keyboard focus ring stands out from the page by at least 3:1.
      // Tab to the first gold button: keyboard focus, as a keyboard user reaches it.
      for (let i = 0; i < 80 && !(await page.evaluate(() => !!document.activeElement?.matches('.btn-gold'))); i++)
        await page.keyboard.press('Tab');
      const ring = await page.evaluate(() => {
        const el = document.activeElement!;
        return {
          gold: el.matches('.btn-gold:focus-visible'),
          style: getComputedStyle(el).outlineStyle,
          color: getComputedStyle(el).outlineColor,
          page: getComputedStyle(document.body).backgroundColor,
        };
      });
      expect(ring.gold, 'a gold button has keyboard focus').to.equal(true);
      expect(ring.style).to.equal('solid');
      expect(contrast(ring.color, ring.page)).to.be.at.least(3);

      // Unsubscribe where subscriptions are managed: the consequences first, then the sidebar lets go.
      await page.goto('/collection');
      await hydrated(page);
      const card = page.locator('.artist-card').filter({ hasText: 'Nova Harbor' });
      await card.getByRole('button', { name: 'Unsubscribe from Nova Harbor' }).click();
      expect(await card.locator('.unsubscribe-confirm').textContent()).to.contain(m.unsub_consequences());
      await card.getByRole('button', { name: 'Unsubscribe', exact: true }).click();
      await toastSaying(page, 'Unsubscribed from Nova Harbor');
      await card.getByRole('button', { name: 'Subscribe to Nova Harbor' }).waitFor();
      expect(await page.locator('#sidebar').getByRole('link', { name: 'Nova Harbor' }).count()).to.equal(0);
      expect(errors).to.deep.equal([]);
      await page.context().close();
    },
  );

  it('an artist: Next with a field missing moves the focus to it', async () => {
    const { page, errors } = await openPage(suite.browser, suite.server.url, {
      viewport: { width: 1366, height: 900 },
    });
    await signIn(page, 'novaharbor');
    await page.goto('/upload');
    await hydrated(page);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForFunction(() => document.activeElement?.id === 'release-title');
    expect(await focusedId(page)).to.equal('release-title');
    expect(errors).to.deep.equal([]);
    await page.context().close();
  });

  it('an artist: withdraws a scheduled release from their page, told what follows first (point 3)', async () => {
    const { knex } = suite.server.app.kernel;
    const coming = await knex('tracks as t')
      .join('artists as a', 'a.id', 't.artistId')
      .join('users as u', 'u.id', 'a.userId')
      .where('t.uploadDate', '>', Date.now())
      .first('t.id', 't.title', 'a.id as artistId', 'u.username');
    const { page, errors } = await openPage(suite.browser, suite.server.url, { viewport: { width: 375, height: 812 } });
    await signIn(page, coming.username);
    await page.goto(`/artist/${coming.artistId}`);
    await hydrated(page);
    await page.getByRole('button', { name: `Withdraw ${coming.title}` }).click();
    await page.getByText(WITHDRAW_MESSAGES.confirm).waitFor();
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await toastSaying(page, 'withdrawn');
    expect(await knex('tracks').where({ id: coming.id })).to.have.length(0);
    expect(errors).to.deep.equal([]);
    await page.context().close();
  });

  it(
    'small things (point 15): wide tables fit, the phone says Search whole, no ' +
      'sideways page, compact actions, the hero in the tab',
    async () => {
      const { page, errors } = await openPage(suite.browser, suite.server.url, {
        viewport: { width: 1366, height: 900 },
      });
      await page.goto('/transparency');
      const table = page.getByTestId('transparency-table');
      expect(
        await table.evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth),
        'the last column is not cut',
      ).to.be.at.most(0);
      await table.screenshot({ path: path.join(SHOTS_DIR, 'walk-transparency-1366.png') });

      // The tab says the hero's title as edited (it kept the default before).
      const { content } = suite.server.app.kernel.services;
      const hero = (await content.list()).find((block: { key: string }) => block.key === 'hero_title')!;
      await content.update(hero.id, 'Every month, one song', 1);
      await page.goto('/');
      expect(await page.title()).to.equal('OneTrack | Every month, one song');

      await page.setViewportSize({ width: 375, height: 812 });
      await page.goto('/');
      const short = page.locator('.topbar-search-short');
      expect(await short.textContent()).to.equal('Search');
      expect(
        await short.evaluate((e) => e.scrollWidth <= e.clientWidth && e.getBoundingClientRect().width > 0),
      ).to.equal(true);
      expect(
        await page.locator('.topbar-search input').evaluate((i) => getComputedStyle(i, '::placeholder').color),
      ).to.equal('rgba(0, 0, 0, 0)');
      await page.screenshot({ path: path.join(SHOTS_DIR, 'walk-home-375.png') });

      await page.goto('/developers');
      expect(await page.evaluate(() => document.documentElement.scrollWidth - innerWidth)).to.be.at.most(0);

      await page.goto(`/tracks/${track.id}`);
      await hydrated(page);
      // Play, Like, Share, then Subscribe, Support, Embed, Report: two rows, as an app's action bar.
      const rows = await page.evaluate(
        () =>
          new Set(
            [...document.querySelectorAll('.track-page-actions :is(.btn, a)')]
              .filter((e) => e.getBoundingClientRect().height > 0)
              .map((e) => Math.round(e.getBoundingClientRect().top / 10)),
          ).size,
      );
      expect(rows).to.be.at.most(2);
      // Embed and Report show their icons only there, their names kept for screen readers and the keyboard.
      const artistActions = page.locator('.track-page-artist-actions');
      for (const name of ['Embed', 'Report'])
        expect(await artistActions.getByRole('button', { name }).isVisible(), name).to.equal(true);
      expect(await artistActions.getByRole('button', { name: 'Support' }).isVisible()).to.equal(true);
      await artistActions.getByRole('button', { name: 'Embed' }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('dialog').waitFor();
      await page.keyboard.press('Escape');
      await page.locator('.track-page-actions').first().scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SHOTS_DIR, 'walk-track-375.png') });
      expect(errors).to.deep.equal([]);
      await page.context().close();
    },
  );
});
