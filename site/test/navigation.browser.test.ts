import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { demoBrowserSuite, hydrated, signIn } from '../../plugins/accounts/test/browser.ts';
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { openPage, SHOTS_DIR } from './browser.ts';

// A page must look the same whether it was loaded directly or reached through the client router.
// Each page inlines its own first-screen rules before the theme; the router keeps the theme's link
// from the page before, so the next page's inline rules once landed after the theme and won the
// cascade against its later rules (the vault's stat cards stacked full width after Home).

const PAGES = [
  '/',
  '/discover',
  '/artists',
  '/artist/{nova}',
  '/tracks/{track}',
  '/collection',
  '/welcome',
  '/search?q=nova',
  '/credits',
  '/transparency',
  '/messages',
  '/notifications',
  '/profile?tab=billing',
  '/upload',
  '/admin',
];

/** Every stylesheet applied and no transition running, so two reads of a style agree. */
const settled = (page: Page) =>
  page.waitForFunction(
    () =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every(
        (link) => link.sheet && !link.disabled && link.media !== 'print',
      ) && document.getAnimations().every((animation) => !(animation instanceof CSSTransition)),
  );

/** The computed look of the shell's and the content's structural elements, one line each. */
const look = (page: Page) =>
  page.evaluate(() => {
    const props = [
      'display',
      'width',
      'background-color',
      'color',
      'border-top-style',
      'border-radius',
      'font-size',
      'font-weight',
      'padding-top',
      'flex-basis',
    ];
    const selector =
      '.sidebar, .sidebar-link, .sidebar-brand, .topbar, .topbar .btn, ' +
      '.topbar-badge, main .card, main .btn, main .row > *, main .badge, main h1, ' +
      'main h2, main .nav-link, main .form-control, main .table, main .progress, ' +
      'main .card-grid, main .list-group-item, main .form-select, main ' +
      '.form-check-input';
    return [...document.querySelectorAll<HTMLElement>(selector)].slice(0, 150).map((el) => {
      const style = getComputedStyle(el);
      const values = props.map((p) =>
        p === 'width' ? String(Math.round(el.getBoundingClientRect().width)) : style.getPropertyValue(p),
      );
      return `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} ${values.join(' ')}`;
    });
  });

/** Follows a link to `url` through the client router (as a click on any link does). */
async function navigateTo(page: Page, url: string) {
  const swapped = page.evaluate(
    () => new Promise<void>((resolve) => document.addEventListener('astro:page-load', () => resolve(), { once: true })),
  );
  await page.evaluate((href) => {
    const link = Object.assign(document.createElement('a'), { href });
    document.body.append(link);
    link.click();
  }, url);
  await swapped;
}

describe('pages look the same however they were reached', function () {
  this.timeout(300_000);
  const suite = demoBrowserSuite();
  let paths: string[];

  before(async () => {
    await suite.server.app.kernel.services.accounts.setRole('novaharbor', 'admin');
    const track = (await suite.server.client().get(`/api/artists/${suite.nova.id}/tracks`)).body[0] as { id: number };
    mkdirSync(SHOTS_DIR, { recursive: true });
    paths = PAGES.map((p) => p.replace('{nova}', String(suite.nova.id)).replace('{track}', String(track.id)));
  });

  for (const viewport of [
    { width: 1366, height: 900 },
    { width: 375, height: 812 },
  ]) {
    it(
      `at ${viewport.width}x${viewport.height}: direct load and client navigation ` + `from Home (and to Home) agree`,
      async () => {
        const { page, errors } = await openPage(suite.browser, suite.server.url, { viewport, reducedMotion: 'reduce' });
        await signIn(page, 'novaharbor');
        const differences: string[] = [];
        for (const url of paths) {
          await page.goto(url);
          await hydrated(page);
          await settled(page);
          const direct = await look(page);
          if (url === '/credits')
            await page.screenshot({ path: path.join(SHOTS_DIR, `vault-direct-${viewport.width}.png`), fullPage: true });
          expect(direct.length, `${url} has elements to compare`).to.be.above(0);

          // Reached from Home, and for Home itself from the vault (each inlines another set of rules).
          await page.goto(url === '/' ? '/credits' : '/');
          await hydrated(page);
          await settled(page);
          await navigateTo(page, url);
          await hydrated(page);
          await settled(page);
          const navigated = await look(page);
          if (url === '/credits')
            await page.screenshot({
              path: path.join(SHOTS_DIR, `vault-navigated-${viewport.width}.png`),
              fullPage: true,
            });
          const changed = direct
            .map((line, i) => (line === navigated[i] ? null : `${url}: ${line}  →  ${navigated[i]}`))
            .filter(Boolean) as string[];
          if (direct.length !== navigated.length)
            changed.push(`${url}: ${direct.length} elements → ${navigated.length}`);
          differences.push(...changed.slice(0, 5));
        }
        expect(differences).to.deep.equal([]);
        expect(errors).to.deep.equal([]);
        await page.context().close();
      },
    );
  }
});
