import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { browserSuite, openPage } from '../../../site/test/browser.ts';
import { hydrated } from '../../accounts/test/browser.ts';
import { image, tone } from '../../releases/test/fixtures.ts';

// One journey: an artist writes synced lyrics in the wizard's track step (an error by line, fixed;
// the preview plays with the lines), submits, and the lyrics are saved with the new track; its page
// shows them as text, and the player's Lyrics view follows playback: each line lights up within
// 100 ms of the audio reaching it (the lag measured here), a click on a line seeks there, the
// current line is what the polite live region says.

/** One line a second from 0:01 (the track is a 6 s tone). */
const LRC = ['[00:01.00]One', '[00:02.00]Two', '[00:03.00]Three', '[00:04.00]Four', '[00:05.00]Five'];

async function upload(page: Page, bytes: Buffer, mime: string, name: string, type: 'audio' | 'image') {
  const res = await page.request.post('/api/upload', {
    data: { data: `data:${mime};base64,${bytes.toString('base64')}`, filename: name, type },
  });
  expect(res.status(), await res.text()).to.equal(201);
  return (await res.json()) as { url: string; size: number; duration?: number };
}

describe('lyrics in the browser: the wizard, the track page, the player', function () {
  this.timeout(120_000);
  const suite = browserSuite();

  it('wizard lyrics with an error and a preview → saved with the track → the player follows the lines', async () => {
    const { page, errors } = await openPage(suite.browser, suite.server.url);
    const registered = await page.request.post('/api/auth/register', {
      data: { username: 'singer', password: 'secret123', email: 'singer@example.com', name: 'Singer', isArtist: true },
    });
    expect(registered.status()).to.equal(201);
    expect((await page.request.post('/api/auth/register-artist-hook')).status()).to.equal(200);
    const userId = (await registered.json()).id;
    const audio = await upload(page, tone(6), 'audio/wav', 'song.wav', 'audio');
    const cover = await upload(page, await image(900, 900), 'image/png', 'cover.png', 'image');
    // The wizard's first two steps are the releases suite's: this draft starts at the track step.
    await page.goto('/upload');
    await page.evaluate(
      ({ userId, audio, cover }) =>
        localStorage.setItem(
          'onetrack.releaseDraft',
          JSON.stringify({
            userId,
            step: 3,
            draft: {
              title: 'Counting Song',
              genre: 'Pop',
              language: 'English',
              coverImage: cover.url,
              coverName: 'cover.png',
              coverSize: cover.size,
              audioUrl: audio.url,
              audioName: 'song.wav',
              audioSize: audio.size,
              duration: 6,
            },
          }),
        ),
      { userId, audio, cover },
    );
    await page.reload();
    await hydrated(page);
    await page.getByRole('heading', { name: 'Step 3: Track Upload' }).waitFor();
    expect(await page.getByTestId('lyrics-editor').count(), 'no editor before Lyrics Present').to.equal(0);
    await page.getByLabel('Lyrics Present').check();
    await page.getByLabel('Lyrics Language').selectOption('English');

    // Out of order and past the end: each named by its line (the preview plays meanwhile, to find the right times).
    const lyrics = page.getByLabel('Lyrics', { exact: true });
    await lyrics.fill([LRC[0], LRC[2], LRC[1], '[00:09.00]Too late'].join('\n'));
    await page.getByText('Line 3: starts before the line above it (0:03)').waitFor();
    await page.getByText('Line 4: starts after the track ends (0:06)').waitFor();
    await lyrics.fill(LRC.join('\n'));
    await page.getByText('5 timed lines').waitFor();
    const preview = page.getByTestId('lyrics-preview');
    await preview.waitFor();
    await preview.evaluate(async (el) => {
      const element = el.querySelector('audio')!;
      element.muted = true;
      element.currentTime = 1.5;
      await element.play();
    });
    await preview.locator('.lyrics-line.is-current', { hasText: /One|Two/ }).waitFor();

    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Step 4: Delivery Options' }).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Submit Release' }).click();
    await page.getByRole('heading', { name: 'Upload Complete!' }).waitFor();
    const id = Number((await page.getByLabel('Share link').inputValue()).split('/').pop());
    const saved = await page.request.get(`/api/tracks/${id}/lyrics`);
    expect((await saved.json()).lyrics[0]).to.deep.include({ language: 'English', synced: true });

    // The track page: the words are in the HTML itself.
    const html = await (await page.request.get(`/tracks/${id}`)).text();
    expect(html).to.include('Three');
    await page.goto(`/tracks/${id}`);
    await hydrated(page);
    await page.getByTestId('track-lyrics').getByText('Five').waitFor();

    // The player: open Lyrics, play from the start, and measure each line's lag behind the audio.
    await page.evaluate(() => {
      const element = document.querySelector<HTMLAudioElement>('[data-testid=player-audio]');
      if (element) element.muted = true;
    });
    await page.locator('.play-button-wide').click();
    await page.getByRole('button', { name: 'Lyrics', exact: true }).click();
    const view = page.getByTestId('player-lyrics');
    await view.getByText('Five').waitFor();
    const lags = await page.evaluate(
      () =>
        new Promise<number[]>((resolve) => {
          const element = document.querySelector<HTMLAudioElement>('[data-testid=player-audio]')!;
          element.muted = true;
          const list = document.querySelector('[data-testid=player-lyrics] [data-testid=lyrics-lines]')!;
          const found: number[] = [];
          new MutationObserver(() => {
            const current = [...list.children].findIndex((li) => li.classList.contains('is-current'));
            if (current < 1 || found.length >= current) return;
            // The audio's clock when the line lit up, past the line's start (0:02 is line 1).
            found.push(element.currentTime * 1000 - (current + 1) * 1000);
            if (current === 3) resolve(found);
          }).observe(list, { subtree: true, attributes: true, attributeFilter: ['class'] });
          element.currentTime = 1.5;
          void element.play();
        }),
    );
    console.info(`      lyrics lag behind the audio (ms): ${lags.map((l) => l.toFixed(1)).join(', ')}`);
    expect(lags).to.have.length(3);
    for (const lag of lags) expect(lag).to.be.within(0, 100);
    await page.getByTestId('player-lyrics').locator('[data-testid=lyrics-now]').filter({ hasText: 'Four' }).waitFor();

    // A click on a line seeks there; the keyboard reaches the lines and Escape closes the view.
    await view.getByRole('button', { name: /^One, at 0:01/ }).click();
    const at = await page.evaluate(
      () => document.querySelector<HTMLAudioElement>('[data-testid=player-audio]')!.currentTime,
    );
    expect(at).to.be.within(1, 1.6);
    await view.getByRole('button', { name: /^Two, at 0:02/ }).focus();
    await page.keyboard.press('Enter');
    expect(
      await page.evaluate(() => document.querySelector<HTMLAudioElement>('[data-testid=player-audio]')!.currentTime),
    ).to.be.within(2, 2.6);
    await page.keyboard.press('Escape');
    expect(await view.count()).to.equal(0);
    expect(errors).to.deep.equal([]);
    await page.context().close();
  });
});
