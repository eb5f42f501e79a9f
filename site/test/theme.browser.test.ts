import { expect } from 'chai';
import type { BrowserContext, Page } from 'playwright-core';
import { hydrated, toastSaying } from '../../plugins/accounts/test/browser.ts';
import { browserSuite, holdUntilReleased, openPage } from './browser.ts';

// The light and dark modes (issue 26 point 6): Settings › Preferences › Theme (System, Dark, Light)
// rendered by the server into <html data-bs-theme>, "system" (every visitor) resolved in CSS by
// prefers-color-scheme, so the first paint is in the right mode without a script.

const THEME_CSS = /\/_astro\/theme\.[\w-]+\.css$/;
// theme.scss: $ot-paper and $ot-ink, the page backgrounds of the two modes.
const LIGHT_BG = 'rgb(247, 246, 250)';
const DARK_BG = 'rgb(14, 13, 19)';

const look = (page: Page) =>
  page.evaluate(() => ({
    mode: document.documentElement.dataset.bsTheme,
    background: getComputedStyle(document.body).backgroundColor,
    topbar: getComputedStyle(document.querySelector('.topbar')!).backgroundColor,
  }));

let accounts = 0;
/** A new listener (on the first month's trial), signed in on the context. */
async function signUp(context: BrowserContext) {
  const username = `moody${++accounts}`;
  const res = await context.request.post('/api/auth/register', {
    data: { username, password: 'secret123', email: `${username}@example.com`, name: 'Moody' },
  });
  expect(res.status()).to.equal(201);
}

describe('light and dark modes', function () {
  this.timeout(120_000);
  const suite = browserSuite({ seedDemo: true });

  it(
    'serves visitors one cached page that is light or dark as each device asks, ' +
      "and follows the device's change live",
    async () => {
      for (const [colorScheme, background] of [
        ['light', LIGHT_BG],
        ['dark', DARK_BG],
      ] as const) {
        const { page } = await openPage(suite.browser, suite.server.url, { colorScheme });
        const response = await page.goto('/artists');
        await hydrated(page);
        expect(await look(page)).to.include({ mode: 'system', background });
        if (colorScheme === 'dark')
          expect(response!.headers()['x-page-cache'], 'the second visitor gets the first one’s copy').to.equal('hit');
        await page.emulateMedia({ colorScheme: colorScheme === 'light' ? 'dark' : 'light' });
        expect((await look(page)).background).to.equal(colorScheme === 'light' ? DARK_BG : LIGHT_BG);
        await page.context().close();
      }
    },
  );

  it(
    'paints the first screen in the right mode before the theme stylesheet ' +
      'arrives, for visitors and for a chosen mode against the device',
    async () => {
      const cases = [
        { colorScheme: 'light', theme: null, background: LIGHT_BG },
        { colorScheme: 'dark', theme: null, background: DARK_BG },
        { colorScheme: 'light', theme: 'dark', background: DARK_BG },
        { colorScheme: 'dark', theme: 'light', background: LIGHT_BG },
      ] as const;
      for (const { colorScheme, theme, background } of cases) {
        for (const url of ['/', '/artist/1', '/credits']) {
          const { page } = await openPage(suite.browser, suite.server.url, { colorScheme });
          if (theme) {
            await signUp(page.context());
            expect((await page.request.patch('/api/users/me/preferences', { data: { theme } })).status()).to.equal(200);
          }
          const release = await holdUntilReleased(page, THEME_CSS);
          await page.goto(url, { waitUntil: 'domcontentloaded' });
          const first = await look(page);
          expect(first, `${url}, ${theme ?? 'visitor'} on a ${colorScheme} device`).to.include({
            mode: theme ?? 'system',
            background,
          });
          release();
          await page.waitForFunction(() =>
            [...document.styleSheets].some(
              (sheet) => sheet.href?.includes('/_astro/theme.') && !sheet.disabled && sheet.media.mediaText !== 'print',
            ),
          );
          expect(await look(page), 'the theme changes nothing the first paint had').to.deep.equal(first);
          await page.context().close();
        }
      }
    },
  );

  it(
    "styles a trial listener's top bar from the first paint: the Upgrade button " +
      'gold on desktop, absent on a phone',
    async () => {
      for (const [width, height] of [
        [1366, 900],
        [375, 812],
      ]) {
        const { page } = await openPage(suite.browser, suite.server.url, { viewport: { width, height } });
        await signUp(page.context());
        const release = await holdUntilReleased(page, THEME_CSS);
        await page.goto('/artist/1', { waitUntil: 'domcontentloaded' });
        const upgrade = page.getByRole('link', { name: 'Upgrade to Premium' });
        if (width > 768) {
          expect(await upgrade.evaluate((el) => getComputedStyle(el).backgroundColor)).to.equal('rgb(245, 197, 66)');
        } else {
          expect(await upgrade.isVisible(), 'hidden on a phone before the theme arrives').to.equal(false);
        }
        release();
        await page.context().close();
      }
    },
  );

  it(
    'keeps the mode chosen in Settings: at once, after a reload, across pages, and ' +
      'System follows the device again',
    async () => {
      const { page, errors } = await openPage(suite.browser, suite.server.url, {
        colorScheme: 'dark',
        viewport: { width: 375, height: 812 },
      });
      await signUp(page.context());
      await page.goto('/profile?tab=preferences');
      await hydrated(page);
      const theme = page.getByRole('group', { name: 'Theme' });
      expect(await theme.getByRole('radio', { name: 'System' }).isChecked()).to.equal(true);
      expect((await look(page)).background).to.equal(DARK_BG);

      await theme.getByRole('radio', { name: 'Light' }).check();
      await page.getByRole('button', { name: 'Save Preferences' }).click();
      await toastSaying(page, 'Settings Applied');
      expect(await look(page)).to.include({ mode: 'light', background: LIGHT_BG });
      await page.reload();
      expect(await look(page)).to.include({ mode: 'light', background: LIGHT_BG });
      // Client-side navigation keeps it (the router takes <html>'s attributes from the new page).
      await hydrated(page);
      await page.getByRole('button', { name: 'Toggle sidebar' }).click();
      await page.getByRole('link', { name: 'Discover' }).first().click();
      await page.waitForURL(/\/discover$/);
      expect(await look(page)).to.include({ mode: 'light', background: LIGHT_BG });

      await page.goto('/profile?tab=preferences');
      await hydrated(page);
      expect(await theme.getByRole('radio', { name: 'Light' }).isChecked()).to.equal(true);
      await theme.getByRole('radio', { name: 'System' }).check();
      await page.getByRole('button', { name: 'Save Preferences' }).click();
      await toastSaying(page, 'Settings Applied');
      expect(await look(page)).to.include({ mode: 'system', background: DARK_BG });
      await page.emulateMedia({ colorScheme: 'light' });
      await page.reload();
      expect(await look(page)).to.include({ mode: 'system', background: LIGHT_BG });
      expect(errors).to.deep.equal([]);
      await page.context().close();
    },
  );
});
