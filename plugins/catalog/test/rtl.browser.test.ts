import { expect } from 'chai';
import { demoBrowserSuite, hydrated } from '../../accounts/test/browser.ts';
import { openPage } from '../../../site/test/browser.ts';

// Issue 43 point 4: a visit in Arabic, home → artist → track → play, with the layout mirrored: the
// sidebar on the right, a card's play button at its cover's left corner, the chart-free pages' texts
// in Arabic, and the waveform seeking in the direction it is drawn (time runs leftwards).
describe('right to left: a journey in Arabic (browser)', function () {
  this.timeout(120_000);
  const suite = demoBrowserSuite();

  it('visits an artist and plays their track, the layout and the seek mirrored', async () => {
    const { page, errors } = await openPage(suite.browser, suite.server.url, {
      viewport: { width: 1366, height: 900 },
    });
    await page.goto('/ar');
    expect(await page.locator('html').getAttribute('dir')).to.equal('rtl');
    await hydrated(page);
    const sidebar = (await page.locator('#sidebar').boundingBox())!;
    expect(sidebar.x, 'sidebar on the right').to.be.greaterThan(1366 / 2);

    await page.locator(`a[href="/ar/artist/${suite.nova.id}"]`).first().click();
    await page.waitForURL(`${suite.server.url}/ar/artist/${suite.nova.id}`);
    await hydrated(page);
    await page.getByRole('tab', { name: 'المقطوعات' }).waitFor();
    expect(await page.locator('.artist-stats dt').allTextContents()).to.deep.equal(['الإصدارات', 'المستمعون الشهريون']);
    // The play button sits at the cover's bottom-left corner (bottom-right left to right).
    const card = page.locator('.track-card').first();
    const cover = (await card.locator('.track-card-cover').boundingBox())!;
    const play = (await card.locator('.play-button').boundingBox())!;
    expect(play.x - cover.x, 'play button at the left').to.be.lessThan(cover.width / 3);
    const title = (await card.locator('.track-card-title a').textContent())!.trim();

    await card.locator('.track-card-title a').click();
    await page.waitForURL(/\/ar\/tracks\/\d+$/);
    await hydrated(page);
    expect(await page.locator('h1').textContent()).to.equal(title);
    expect(await page.getByTestId('track-stats').textContent()).to.match(/استماع|إعجاب/);
    await page.locator('.play-button-wide').getByText('تشغيل').waitFor();

    // A click near the right edge is near the start: the bars are drawn mirrored.
    const slider = page.getByRole('slider', { name: `التنقل في ${title}` });
    expect(await slider.locator('svg').evaluate((svg) => getComputedStyle(svg).transform)).to.match(/^matrix\(-1,/);
    await slider.scrollIntoViewIfNeeded();
    const box = (await slider.boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.75, box.y + box.height / 2);
    await page.waitForFunction(() => {
      const audio = document.querySelector('audio');
      return !!audio && !audio.paused && audio.currentTime > 2;
    });
    const duration = await page.locator('audio').evaluate((a: HTMLAudioElement) => a.duration);
    const at = await page.locator('audio').evaluate((a: HTMLAudioElement) => a.currentTime);
    expect(at / duration, 'seeked to a quarter in').to.be.within(0.15, 0.45);
    // The left arrow goes forward, as the eye reads the bar.
    await slider.focus();
    await page.keyboard.press('Home');
    await page.waitForFunction(() => document.querySelector('audio')!.currentTime < 3);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.waitForFunction(() => document.querySelector('audio')!.currentTime >= 9);
    expect(await slider.getAttribute('aria-valuetext')).to.match(/^0:\d\d من 0:\d\d$/);
    expect(errors.filter((e) => !e.includes('401'))).to.deep.equal([]);
    await page.context().close();
  });
});
