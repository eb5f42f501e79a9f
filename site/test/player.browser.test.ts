import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { FFMPEG } from '../../media-worker/media/run.ts';
import { createRunner, jobHandlers } from '../../media-worker/runner.ts';
import { demoBrowserSuite, hydrated } from '../../plugins/accounts/test/browser.ts';
import { join, type Member } from '../../plugins/catalog/test/fixtures.ts';
import { releaseForm, uploadAudio } from '../../plugins/releases/test/fixtures.ts';
import { browserSuite, openPage } from './browser.ts';

// The persistent player in Chromium on tracks that went through the real upload path: the queue a
// list makes, next/previous, auto-advance, the queue panel, restore after a reload, listens only
// for signed-in fans, and loudness matching measured on the player's own Web Audio graph.

const dir = mkdtempSync(path.join(os.tmpdir(), 'onetrack-player-'));
const SHOTS = process.env.SHOTS_DIR || '/work/shots/player';

/** A 440 Hz sine (peak −18 dBFS) raised by `gainDb`, as 16-bit stereo WAV. */
function sine(seconds: number, gainDb: number): Buffer {
  const file = path.join(dir, `sine-${seconds}-${gainDb}.wav`);
  execFileSync(FFMPEG, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:sample_rate=44100:duration=${seconds}`,
    '-af',
    `volume=${gainDb}dB`,
    '-ac',
    '2',
    '-c:a',
    'pcm_s16le',
    file,
  ]);
  return readFileSync(file);
}

async function release(
  artist: Member,
  title: string,
  audio: Buffer,
  seconds: number,
  isMonthlyDrop: boolean,
): Promise<number> {
  const upload = await uploadAudio(artist.client, audio);
  const res = await artist.client.post(
    '/api/tracks',
    releaseForm(upload.url, null, { title, duration: seconds, isMonthlyDrop }),
  );
  expect(res.status, res.text).to.equal(201);
  return res.body.id;
}

const audioState = (page: Page) =>
  page.evaluate(() => {
    const audio = document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]')!;
    return { paused: audio.paused, time: audio.currentTime, src: audio.currentSrc };
  });

const nowPlaying = (page: Page) => page.getByRole('region', { name: 'Player' }).locator('.player-title').textContent();

/** RMS level in dB of the player's output after its gain node, over `ms` of playback. */
function outputLevel(page: Page, ms: number): Promise<number> {
  return page.evaluate(async (ms) => {
    const graph = window.__onetrackPlayerGraph!;
    const analyser = graph.context.createAnalyser();
    analyser.fftSize = 4096;
    graph.gain.connect(analyser);
    const samples = new Float32Array(analyser.fftSize);
    let sum = 0;
    let count = 0;
    const end = performance.now() + ms;
    while (performance.now() < end) {
      await new Promise((resolve) => setTimeout(resolve, 40));
      analyser.getFloatTimeDomainData(samples);
      for (const s of samples) sum += s * s;
      count += samples.length;
    }
    graph.gain.disconnect(analyser);
    return 10 * Math.log10(sum / count);
  }, ms);
}

describe('the player in the browser: queue, restore, loudness', function () {
  this.timeout(120_000);
  const suite = browserSuite();
  let queueArtist: Member;
  let toneArtist: Member;
  let fan: Member;
  const queueTitles = ['Tick One', 'Tick Two', 'Tick Three'];

  before(async () => {
    queueArtist = await join(suite.server, 'ticker', true);
    toneArtist = await join(suite.server, 'toner', true);
    fan = await join(suite.server, 'listener');
    // Three short tracks (they play their WAV master while the stream is being made).
    for (const [i, title] of queueTitles.entries()) await release(queueArtist, title, sine(2, i), 2, i === 0);
    // Two masters 8 LU apart, processed by the media worker (stream, loudness, true peak).
    await release(toneArtist, 'Loud Tone', sine(8, 8), 8, true);
    await release(toneArtist, 'Quiet Tone', sine(8, 0), 8, false);
    await createRunner(suite.server.app.kernel, jobHandlers(suite.server.app.plugins)).drain();
    mkdirSync(SHOTS, { recursive: true });
  });

  it('gives the player the measured loudness, true peak and lossless master of a track', async () => {
    const tracks = (await suite.server.client().get(`/api/artists/${toneArtist.artist!.id}/tracks`)).body as Array<{
      title: string;
      audioUrl: string;
      playback: { lufs: number; truePeak: number; losslessUrl: string };
    }>;
    const loud = tracks.find((t) => t.title === 'Loud Tone')!;
    const quiet = tracks.find((t) => t.title === 'Quiet Tone')!;
    expect(loud.playback.lufs - quiet.playback.lufs).to.be.within(7.5, 8.5);
    expect(loud.playback.truePeak - quiet.playback.truePeak).to.be.within(7.5, 8.5);
    expect(loud.playback.truePeak).to.be.below(0);
    expect(loud.audioUrl).to.match(/\.m4a$/);
    expect(loud.playback.losslessUrl).to.match(/\.wav$/);
  });

  it('queues the list a track was played from: auto-advance, next/previous, no listen call signed out', async () => {
    const { page, errors } = await openPage(suite.browser, suite.server.url, {
      viewport: { width: 1366, height: 900 },
    });
    const listens: string[] = [];
    page.on('request', (request) => request.url().includes('/listen') && listens.push(request.url()));
    await page.goto(`/artist/${queueArtist.artist!.id}`);
    await hydrated(page);
    const order = await page.locator('.track-card-title').allTextContents();
    expect([...order].sort()).to.deep.equal([...queueTitles].sort());

    await page.getByRole('button', { name: `Play ${order[0]}` }).click();
    const player = page.getByRole('region', { name: 'Player' });
    await player.waitFor();
    expect(await nowPlaying(page)).to.equal(order[0]);
    // Each 2 s track ends and the next one of the list starts by itself.
    await player.locator('.player-title', { hasText: order[1] }).waitFor({ timeout: 10_000 });
    await player.locator('.player-title', { hasText: order[2] }).waitFor({ timeout: 10_000 });
    // After the last track the player stops.
    await player.getByRole('button', { name: 'Play', exact: true }).waitFor({ timeout: 10_000 });
    expect(await nowPlaying(page)).to.equal(order[2]);
    expect(await player.getByRole('button', { name: 'Next track' }).isDisabled()).to.equal(true);

    await player.getByRole('button', { name: 'Previous track' }).click();
    await page.waitForFunction(() => !document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]')!.paused);
    expect(await nowPlaying(page)).to.equal(order[1]);
    await player.getByRole('button', { name: 'Next track' }).click();
    await player.locator('.player-title', { hasText: order[2] }).waitFor();

    // A visitor's player never calls the listen endpoint: no 401 in the console.
    expect(listens).to.deep.equal([]);
    expect(errors).to.deep.equal([]);
    await page.context().close();
  });

  it('records the listens of a signed-in fan as the queue advances', async () => {
    const { page, errors } = await openPage(suite.browser, suite.server.url);
    const res = await page.request.post('/api/auth/login', {
      data: { username: fan.user.username, password: 'secret123' },
    });
    expect(res.status()).to.equal(200);
    await page.goto(`/artist/${queueArtist.artist!.id}`);
    await hydrated(page);
    const order = await page.locator('.track-card-title').allTextContents();
    const listened = page.waitForResponse((r) => r.url().includes('/listen'));
    await page.getByRole('button', { name: `Play ${order[0]}` }).click();
    expect((await listened).ok()).to.equal(true);
    const rows = await suite.server.app.kernel.knex('listens').where({ userId: fan.user.id });
    expect(rows).to.have.length.of.at.least(1);
    expect(errors).to.deep.equal([]);
    await page.context().close();
  });

  it('has a keyboard-usable queue panel: shows the list, plays a row, Escape returns to the Queue button', async () => {
    for (const viewport of [
      { width: 1366, height: 900 },
      { width: 375, height: 812 },
    ]) {
      const { page, errors } = await openPage(suite.browser, suite.server.url, { viewport });
      await page.goto(`/artist/${queueArtist.artist!.id}`);
      await hydrated(page);
      const order = await page.locator('.track-card-title').allTextContents();
      await page.getByRole('button', { name: `Play ${order[0]}` }).click();
      const player = page.getByRole('region', { name: 'Player' });
      await player.getByRole('button', { name: 'Pause' }).click();

      const toggle = player.getByRole('button', { name: 'Queue' });
      await toggle.click();
      expect(await toggle.getAttribute('aria-expanded')).to.equal('true');
      const panel = page.getByRole('region', { name: 'Queue' });
      await panel.waitFor();
      expect(await panel.getByRole('listitem').count()).to.equal(3);
      await panel.getByText('2 tracks up next').waitFor();
      const current = panel.locator('[aria-current="true"]');
      expect(await current.textContent()).to.include(order[0]);
      // Focus starts on the current row; the next row is past its Keep offline toggle and Enter plays it.
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-current'))).to.equal('true');
      await page.screenshot({ path: path.join(SHOTS, `player-queue-${viewport.width}x${viewport.height}.png`) });
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).to.match(
        /^Keep .* offline$/,
      );
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await player.locator('.player-title', { hasText: order[1] }).waitFor();
      expect(await panel.locator('[aria-current="true"]').textContent()).to.include(order[1]);
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'detached' });
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).to.equal('Queue');
      // A click outside the player closes it too.
      await toggle.click();
      await panel.waitFor();
      await page.getByRole('heading', { name: 'Monthly Drops' }).click();
      await panel.waitFor({ state: 'detached' });
      expect(await toggle.getAttribute('aria-expanded')).to.equal('false');

      await page.screenshot({ path: path.join(SHOTS, `player-bar-${viewport.width}x${viewport.height}.png`) });
      // The bar sits beside the sidebar (on phones, under the open drawer): its bottom links stay clickable.
      if (viewport.width < 768) await page.getByRole('button', { name: 'Toggle sidebar' }).click();
      for (const name of ['Settings', 'Login']) {
        const link = page.locator('.sidebar').getByRole('link', { name, exact: true });
        await link.waitFor();
        await page.waitForTimeout(300); // the drawer slides in
        const box = (await link.boundingBox())!;
        const hit = await page.evaluate(
          ([x, y]) => document.elementFromPoint(x, y)?.closest('.sidebar') !== null,
          [box.x + box.width / 2, box.y + box.height / 2],
        );
        expect(hit, `${name} is not covered at ${viewport.width}px`).to.equal(true);
      }
      if (viewport.width < 768)
        await page.screenshot({ path: path.join(SHOTS, `player-drawer-${viewport.width}x${viewport.height}.png`) });
      expect(errors).to.deep.equal([]);
      await page.context().close();
    }
  });

  it('restores the track, queue and position after a full reload, paused', async () => {
    const { page, errors } = await openPage(suite.browser, suite.server.url);
    await page.goto(`/artist/${toneArtist.artist!.id}`);
    await hydrated(page);
    await page.getByRole('button', { name: 'Play Loud Tone' }).click();
    await page.waitForFunction(
      () => document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]')!.currentTime > 3,
    );
    await page.getByRole('region', { name: 'Player' }).getByRole('button', { name: 'Pause' }).click();
    const before = await audioState(page);

    await page.reload();
    await hydrated(page);
    const player = page.getByRole('region', { name: 'Player' });
    await player.locator('.player-title', { hasText: 'Loud Tone' }).waitFor();
    await page.waitForFunction(
      () => document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]')!.readyState > 0,
    );
    await page.waitForTimeout(500);
    const after = await audioState(page);
    expect(after.paused, 'no autoplay').to.equal(true);
    expect(after.time).to.be.within(before.time - 1, before.time + 1);
    await player.getByRole('button', { name: 'Play', exact: true }).waitFor();
    await player.getByRole('button', { name: 'Queue' }).click();
    expect(await page.getByRole('region', { name: 'Queue' }).getByRole('listitem').count()).to.equal(2);
    // Play goes on from there.
    await player.getByRole('button', { name: 'Play', exact: true }).click();
    await page.waitForFunction(
      (t) => document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]')!.currentTime > t + 0.3,
      after.time,
    );
    expect(errors).to.deep.equal([]);
    await page.context().close();
  });

  it('drops a saved track that is gone since: no dead player bar after the reload', async () => {
    const { page } = await openPage(suite.browser, suite.server.url);
    await page.goto('/');
    await page.evaluate(() => {
      const gone = {
        id: 987654,
        title: 'Gone Track',
        audioUrl: '/media/u/gone.wav',
        coverImage: '/favicon.svg',
        duration: 5,
        artist: { id: 1, name: 'Nobody' },
      };
      localStorage.setItem('onetrack.queue', JSON.stringify({ tracks: [gone], index: 0, position: 1 }));
    });
    await page.reload();
    await hydrated(page);
    await page.waitForFunction(() => localStorage.getItem('onetrack.queue') === null);
    expect(await page.getByRole('region', { name: 'Player' }).count()).to.equal(0);
    await page.context().close();
  });

  it('plays two masters 8 LU apart at the same level with normalisation on, 8 dB apart with it off', async () => {
    const levels = async (normalise: boolean) => {
      const { page, errors } = await openPage(suite.browser, suite.server.url, {
        viewport: { width: 1366, height: 900 },
      });
      if (!normalise) {
        // A visitor's switch on the Settings page, kept in this browser.
        await page.goto('/profile');
        await hydrated(page);
        const normaliseSwitch = page.getByRole('switch', { name: 'Normalise loudness' });
        expect(await normaliseSwitch.isChecked()).to.equal(true);
        await normaliseSwitch.uncheck();
        await page.waitForTimeout(300); // the switch's slide
        await page.screenshot({ path: path.join(SHOTS, 'visitor-playback-1366x900.png') });
        await page.reload();
        await hydrated(page);
        expect(await page.getByRole('switch', { name: 'Normalise loudness' }).isChecked()).to.equal(false);
        expect(await page.getByRole('switch', { name: 'High quality audio' }).isChecked()).to.equal(true);
      }
      await page.goto(`/artist/${toneArtist.artist!.id}`);
      await hydrated(page);
      const measured: Record<string, number> = {};
      for (const title of ['Loud Tone', 'Quiet Tone']) {
        await page.getByRole('button', { name: `Play ${title}` }).click();
        await page.waitForFunction(
          () => document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]')!.currentTime > 0.5,
        );
        // High quality audio (on): the lossless master plays, not the AAC stream.
        expect((await audioState(page)).src).to.match(/\.wav$/);
        measured[title] = await outputLevel(page, 1500);
      }
      expect(errors).to.deep.equal([]);
      await page.context().close();
      return measured['Loud Tone'] - measured['Quiet Tone'];
    };
    const matched = await levels(true);
    expect(Math.abs(matched), `difference ${matched.toFixed(2)} dB with normalisation`).to.be.below(1);
    const raw = await levels(false);
    expect(raw, `difference ${raw.toFixed(2)} dB without normalisation`).to.be.within(7, 9);
  });

  it(
    'follows the profile preferences of a signed-in fan: saved on the server, ' + 'applied to the track playing',
    async () => {
      const { page, errors } = await openPage(suite.browser, suite.server.url, {
        viewport: { width: 1366, height: 900 },
      });
      const res = await page.request.post('/api/auth/login', {
        data: { username: fan.user.username, password: 'secret123' },
      });
      expect(res.status()).to.equal(200);
      await page.goto(`/artist/${toneArtist.artist!.id}`);
      await hydrated(page);
      await page.getByRole('button', { name: 'Play Quiet Tone' }).click();
      await page.waitForFunction(
        () => document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]')!.currentTime > 0.3,
      );
      const gain = () => page.evaluate(() => window.__onetrackPlayerGraph!.gain.gain.value);
      expect(await gain()).to.be.greaterThan(1.5);
      expect((await audioState(page)).src).to.match(/\.wav$/);

      // Through the client router, so the same player keeps playing.
      await page.locator('.sidebar').getByRole('link', { name: 'Settings', exact: true }).click();
      await page.getByRole('tab', { name: 'Preferences' }).click();
      expect(await page.getByLabel('Normalise loudness').isChecked()).to.equal(true);
      await page.getByLabel('Normalise loudness').uncheck();
      await page.getByLabel('High quality audio').uncheck();
      await page.getByRole('button', { name: 'Save Preferences' }).click();
      await page.getByTestId('toast').filter({ hasText: 'Settings Applied' }).waitFor();
      // The toast stands above the player bar (the page came through the client router).
      const [toast, bar] = await Promise.all([
        page.getByTestId('toast').boundingBox(),
        page.getByRole('region', { name: 'Player' }).boundingBox(),
      ]);
      expect(toast!.y + toast!.height).to.be.at.most(bar!.y);
      await page.waitForFunction(() => window.__onetrackPlayerGraph!.gain.gain.value === 1);
      await page.waitForFunction(() =>
        document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]')!.currentSrc.endsWith('.m4a'),
      );
      expect(await suite.server.app.kernel.knex('user_preferences').where({ userId: fan.user.id }).first()).to.include({
        normaliseLoudness: 0,
        highQualityAudio: 0,
      });
      await page.screenshot({ path: path.join(SHOTS, 'preferences-1366x900.png') });
      expect(errors).to.deep.equal([]);
      await page.context().close();
    },
  );
});

describe('the player on the demo data', function () {
  this.timeout(120_000);
  const suite = demoBrowserSuite();

  it('queues the list a play button belongs to: the featured drops on home, a grid on discover', async () => {
    const { page, errors } = await openPage(suite.browser, suite.server.url, {
      viewport: { width: 1366, height: 900 },
    });
    await page.goto('/');
    await hydrated(page);
    const drops = await page.locator('section[aria-labelledby="drops-title"] .track-card-title').allTextContents();
    expect(drops.length).to.be.greaterThan(1);
    await page.getByRole('button', { name: 'Play Featured Drops' }).click();
    const player = page.getByRole('region', { name: 'Player' });
    await player.locator('.player-title', { hasText: drops[0] }).waitFor();
    await player.getByRole('button', { name: 'Queue' }).click();
    const panel = page.getByRole('region', { name: 'Queue' });
    expect(await panel.locator('.queue-item-title').allTextContents()).to.deep.equal(drops);
    await page.screenshot({ path: path.join(SHOTS, 'home-queue-1366x900.png') });
    await page.keyboard.press('Escape');

    // Through the client router: the same player, a new list on the next play.
    await page.locator('.sidebar').getByRole('link', { name: 'Discover', exact: true }).click();
    await page.waitForURL(`${suite.server.url}/discover`);
    const grid = page.locator('.track-card').first().locator('xpath=..');
    const titles = await grid.locator('.track-card-title').allTextContents();
    await grid.locator('.play-button').nth(1).click();
    await player.locator('.player-title', { hasText: titles[1] }).waitFor();
    await player.getByRole('button', { name: 'Queue' }).click();
    expect(await panel.locator('.queue-item-title').allTextContents()).to.deep.equal(titles);
    expect(await panel.locator('[aria-current="true"] .queue-item-title').textContent()).to.equal(titles[1]);
    await player.getByRole('button', { name: 'Previous track' }).click();
    await player.locator('.player-title', { hasText: titles[0] }).waitFor();
    expect(errors).to.deep.equal([]);
    await page.context().close();
  });
});
