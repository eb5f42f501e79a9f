import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { browserSuite, openPage } from './browser.ts';
import { hydrated } from '../../plugins/accounts/test/browser.ts';

// Evaluated through the debugging protocol: the pages' policy refuses an added inline <script>.
const axeScript = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/** axe-core's serious and critical findings on the page as it is now (WCAG 2 A/AA rules). */
async function seriousViolations(page: Page): Promise<string[]> {
  // The colours as they settle: every stylesheet applied (the theme follows the first paint) and no
  // transition between the first screen's rules and the theme's still running (a button's colours
  // fade for 150 ms, and axe measured one half-way).
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every(
        (link) => link.sheet && !link.disabled && link.media !== 'print',
      ) && document.getAnimations().every((animation) => !(animation instanceof CSSTransition)),
  );
  await page.evaluate(axeScript);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run(ctx: Document, options: object): Promise<{ violations: Violation[] }> } }
    ).axe;
    return (
      await axe.run(document, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'best-practice'] },
        resultTypes: ['violations'],
      })
    ).violations;
  });
  return violations
    .filter((v: Violation) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v: Violation) =>
        `${v.id} (${v.help}): ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
}

// Both colour modes: every visitor's page and a signed-in person's default ('system') follow the
// device, emulated here (contrast is the rule a palette breaks).
for (const colorScheme of ['dark', 'light'] as const)
  describe(`accessibility of the main pages in ${colorScheme} mode (axe-core in Chromium)`, function () {
    this.timeout(120_000);
    const suite = browserSuite({ seedDemo: true });

    it('has no serious or critical findings for visitors, on desktop and phone widths', async () => {
      for (const width of [1280, 375]) {
        const { page } = await openPage(suite.browser, suite.server.url, {
          colorScheme,
          viewport: { width, height: 900 },
        });
        for (const url of [
          '/',
          '/discover',
          '/artists',
          '/artist/1',
          '/tracks/1',
          '/search?q=nova',
          '/auth',
          '/forgot-password',
          '/reset-password',
          '/verify-email',
          '/transparency',
          '/no-such-page',
        ]) {
          await page.goto(url);
          expect(await seriousViolations(page), `${url} at ${width}px`).to.deep.equal([]);
        }
        await page.context().close();
      }
    });

    it('has no serious or critical findings for a signed-in listener', async () => {
      const { page } = await openPage(suite.browser, suite.server.url, {
        colorScheme,
        viewport: { width: 1280, height: 900 },
      });
      await page.goto('/login');
      await hydrated(page);
      await page.getByRole('button', { name: 'Fill in demo credentials' }).click();
      await page.locator('form[aria-label="Login"]').getByRole('button', { name: 'Login' }).click();
      await page.waitForURL(`${suite.server.url}/`);
      for (const url of [
        '/',
        '/collection',
        '/credits',
        '/messages',
        '/notifications',
        '/profile',
        '/profile?tab=security',
        '/settings/apps',
        '/upload',
      ]) {
        await page.goto(url);
        expect(await seriousViolations(page), url).to.deep.equal([]);
      }
      await page.context().close();
    });

    it(
      'has no serious or critical findings for an artist who is an admin (wizard, ' +
        'vault, billing, admin), on both widths',
      async () => {
        await suite.server.app.kernel.services.accounts.setRole('novaharbor', 'admin');
        for (const width of [1280, 375]) {
          const { page } = await openPage(suite.browser, suite.server.url, {
            colorScheme,
            viewport: { width, height: 900 },
          });
          expect(
            (
              await page.request.post('/api/auth/login', { data: { username: 'novaharbor', password: 'demo1234' } })
            ).status(),
          ).to.equal(200);
          for (const url of ['/upload', '/credits', '/profile?tab=billing', '/admin']) {
            await page.goto(url);
            await hydrated(page);
            expect(await seriousViolations(page), `${url} at ${width}px`).to.deep.equal([]);
          }
          await page.context().close();
        }
      },
    );

    it(
      'has no serious or critical findings with the player bar and its queue panel ' +
        'open, and on the playback switches, on both widths',
      async () => {
        for (const width of [1280, 375]) {
          const { page } = await openPage(suite.browser, suite.server.url, {
            colorScheme,
            viewport: { width, height: 900 },
          });
          await page.goto('/');
          await hydrated(page);
          await page.getByRole('button', { name: 'Play Featured Drops' }).click();
          const player = page.getByRole('region', { name: 'Player' });
          await player.getByRole('button', { name: 'Pause' }).click();
          await player.getByRole('button', { name: 'Queue' }).click();
          await page.getByRole('region', { name: 'Queue' }).waitFor();
          expect(await seriousViolations(page), `queue at ${width}px`).to.deep.equal([]);
          // A visitor's playback switches on the signed-out Settings page.
          await page.goto('/profile');
          await page.getByRole('switch', { name: 'Normalise loudness' }).waitFor();
          expect(await seriousViolations(page), `/profile at ${width}px`).to.deep.equal([]);
          await page.context().close();
        }
      },
    );
  });
