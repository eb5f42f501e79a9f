import { expect } from 'chai';
import { openPage } from '../../../site/test/browser.ts';
import { demoBrowserSuite, hydrated } from '../../../plugins/accounts/test/browser.ts';

// The browser's messages come in the page's language only (lib/i18n/vitePlugin.ts): an island the
// client router carries into a page in another language (the player) must speak it at once.
describe('messages in the browser, one language at a time', function () {
  this.timeout(120_000);
  const suite = demoBrowserSuite();

  it("fetches only the page's language, and the player follows a page in another language", async () => {
    const { page, errors } = await openPage(suite.browser, suite.server.url, { locale: 'fr-FR' });
    const messages: string[] = [];
    page.on('request', (request) => {
      const name = new URL(request.url()).pathname.split('/').pop()!;
      if (name.includes('_from_')) messages.push(name.split('_from_')[0]);
    });
    await page.goto('/');
    await hydrated(page);
    await page.locator('[data-play-track]').first().click();
    const player = page.locator('section.player-bar');
    expect(await player.getAttribute('aria-label')).to.equal('Player');
    expect(new Set(messages)).to.deep.equal(new Set(['en']));
    const audio = await page.locator('audio').elementHandle();
    // The banner's link, followed by the client router: the player is carried over, not rendered again.
    await page.getByTestId('locale-banner').getByRole('link', { name: 'Passer en français' }).click();
    await page.waitForURL(`${suite.server.url}/fr`);
    expect(await page.locator('html').getAttribute('lang')).to.equal('fr');
    await page.waitForFunction(() => document.querySelector('section.player-bar')?.ariaLabel === 'Lecteur');
    expect(await audio!.evaluate((el) => el.isConnected)).to.equal(true);
    expect(messages).to.include('fr');
    expect(errors).to.deep.equal([]);
    await page.context().close();
  });
});
