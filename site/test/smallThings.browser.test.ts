import { expect } from 'chai';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { demoBrowserSuite, hydrated, signIn } from '../../plugins/accounts/test/browser.ts';
import { DEMO_USERNAME } from '../../plugins/accounts/demoAccount.ts';
import { openPage, SHOTS_DIR } from './browser.ts';

// Issue 26 point 9, what a person noticed in the shell: unread counts on their own icons, "/" for
// search, the skip link, 24 px targets for artist links on phones, the name in a phone's top bar.

const VIEWPORTS = [
  { width: 1366, height: 900 },
  { width: 375, height: 812 },
];

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const centre = (b: Box) => ({ x: b.x + b.width / 2, y: b.y + b.height / 2 });
const distance = (a: Box, b: Box) => Math.hypot(centre(a).x - centre(b).x, centre(a).y - centre(b).y);

async function boxOf(page: Page, selector: string): Promise<Box> {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) throw new Error(`${selector} is not shown`);
  return box;
}

/** The whole theme applied (it follows the first paint), as a reader sees the page a moment later. */
const themed = (page: Page) =>
  page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every(
      (link) => link.sheet && !link.disabled && link.media !== 'print',
    ),
  );

describe('small things a person noticed in the shell', function () {
  this.timeout(180_000);
  const suite = demoBrowserSuite();

  before(async () => {
    mkdirSync(SHOTS_DIR, { recursive: true });
    // An unread message and its notification for the demo listener (the seed leaves one unread message too).
    const demo = await suite.server.app.kernel.knex('users').where({ username: DEMO_USERNAME }).first('id');
    await suite.server.app.kernel.services.messaging.send(
      (await suite.server.app.kernel.knex('users').where({ username: 'novaharbor' }).first('id')).id,
      { recipientId: demo.id, content: 'See you at the show.' },
    );
  });

  for (const viewport of VIEWPORTS) {
    it(
      `puts each unread count on its own icon, clear of the others, at ` +
        `${viewport.width}px; the name is in the top bar`,
      async () => {
        const { page, errors } = await openPage(suite.browser, suite.server.url, { viewport });
        await signIn(page);
        await page.goto('/discover');
        await hydrated(page);
        await themed(page);
        const bell = await boxOf(page, '[data-testid="notification-bell"]');
        const mail = await boxOf(page, '.topbar a[href="/messages"]');
        const avatar = await boxOf(page, '.topbar-avatar');
        const bellBadge = await boxOf(page, '[data-testid="notification-bell"] .topbar-badge');
        const mailBadge = await boxOf(page, '.topbar a[href="/messages"] .topbar-badge');
        const bellIcon = await boxOf(page, '[data-testid="notification-bell"] svg');
        const mailIcon = await boxOf(page, '.topbar a[href="/messages"] svg');
        expect(distance(bellBadge, bellIcon), 'bell count nearer its bell').to.be.below(distance(bellBadge, mailIcon));
        expect(distance(mailBadge, mailIcon), 'messages count nearer its envelope').to.be.below(
          distance(mailBadge, bellIcon),
        );
        expect(overlaps(bellBadge, mail), 'bell count over the envelope').to.equal(false);
        expect(overlaps(mailBadge, avatar), 'messages count over the avatar').to.equal(false);
        expect(bellBadge.x + bellBadge.width, 'bell count inside its button').to.be.at.most(bell.x + bell.width + 1);
        expect(mailBadge.x + mailBadge.width, 'messages count inside its button').to.be.at.most(
          mail.x + mail.width + 1,
        );

        const brand = page.locator('.topbar-brand');
        expect(await brand.isVisible(), 'OneTrack in the top bar').to.equal(viewport.width < 768);
        if (viewport.width < 768) expect(await brand.textContent()).to.equal('OneTrack');
        await page.screenshot({
          path: path.join(SHOTS_DIR, `topbar-${viewport.width}.png`),
          clip: { x: 0, y: 0, width: viewport.width, height: 70 },
        });
        expect(errors).to.deep.equal([]);
        await page.context().close();
      },
    );
  }

  it('focuses the search with "/", but types "/" in a field', async () => {
    const { page } = await openPage(suite.browser, suite.server.url);
    await page.goto('/');
    await hydrated(page);
    await page.keyboard.press('/');
    const search = page.getByRole('combobox', { name: 'Search artists, tracks, or collections' });
    expect(await search.evaluate((el) => el === document.activeElement)).to.equal(true);
    expect(await search.inputValue()).to.equal('');
    await page.keyboard.type('a/b');
    expect(await search.inputValue()).to.equal('a/b');
    await page.context().close();
  });

  it('reaches "Play Featured Drops" in three key presses through the skip link', async () => {
    const { page } = await openPage(suite.browser, suite.server.url, { viewport: VIEWPORTS[0] });
    await page.goto('/');
    await hydrated(page);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).to.equal('Skip to content');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).to.equal('Play Featured Drops');
    await page.context().close();
  });

  it('gives artist links on a phone a target of at least 24 px', async () => {
    const { page } = await openPage(suite.browser, suite.server.url, { viewport: VIEWPORTS[1] });
    for (const url of ['/', '/discover', '/collection']) {
      await page.goto(url);
      await hydrated(page);
      await themed(page);
      const small = await page.$$eval('main a[href^="/artist/"]', (links) =>
        links
          .filter((a) => {
            const r = a.getBoundingClientRect();
            return r.width > 0 && r.height < 24;
          })
          .map(
            (a) =>
              `${a.className || a.parentElement?.className}: ${a.textContent} ` +
              `${Math.round(a.getBoundingClientRect().height)}px`,
          ),
      );
      expect(small, url).to.deep.equal([]);
    }
    await page.context().close();
  });
});
