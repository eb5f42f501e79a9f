import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { createRunner, jobHandlers } from '../../../media-worker/runner.ts';
import { normalisationGainDb } from '../../../lib/loudness.ts';
import { browserSuite, openPage } from '../../../site/test/browser.ts';
import { join } from '../../catalog/test/fixtures.ts';
import { releaseForm, tone, uploadAudio } from './fixtures.ts';

// The embed player as other sites use it (issue 13): framed by a page of another origin in a
// sandboxed iframe, it plays the real streaming file through its loudness-matching gain; the
// app's other pages refuse to be framed. Needs the built site (npx astro build).

describe('releases: the embed player on another site', function () {
  this.timeout(120_000);
  const suite = browserSuite();
  let host: Server;
  let hostUrl: string;
  let trackId: number;
  let expectedGainDb: number;

  before(async () => {
    const artist = await join(suite.server, 'embedded', true);
    const audio = await uploadAudio(artist.client, tone(8));
    const created = await artist.client.post(
      '/api/tracks',
      releaseForm(audio.url, null, { title: 'Framed Tone', duration: 8 }),
    );
    expect(created.status, created.text).to.equal(201);
    trackId = created.body.id;
    // The media worker makes the streaming file and measures the loudness.
    await createRunner(suite.server.app.kernel, jobHandlers(suite.server.app.plugins)).drain();
    const release = (await artist.client.get(`/api/releases/${trackId}`)).body;
    expect(release.audioUrl).to.match(/\.m4a$/);
    expect(release.loudness).to.not.equal(null);
    expectedGainDb = normalisationGainDb({ lufs: release.loudness.integrated, truePeak: release.loudness.truePeak });
    // ffmpeg's quiet sine sits well below −14 LUFS with headroom: the player must raise it.
    expect(expectedGainDb).to.be.above(3);

    // Another site: same machine, another port, so another origin.
    host = createServer((req, res) => {
      const path = req.url === '/framed-page' ? `/tracks/${trackId}` : `/embed/tracks/${trackId}`;
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html><head><title>A fan blog</title></head><body><h1>My favourite drop</h1>
        <iframe src="${suite.server.url}${path}" width="600" height="152"
          sandbox="allow-scripts allow-same-origin" title="Player"></iframe></body></html>`);
    });
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
  });
  after(() => new Promise((resolve) => (host ? host.close(resolve) : resolve(undefined))));

  it('plays in a sandboxed iframe on another origin, through its loudness-matching gain', async () => {
    const { page, errors } = await openPage(suite.browser, hostUrl);
    await page.goto('/');
    const frame = page.frameLocator('iframe[title="Player"]');
    await frame.getByRole('link', { name: 'Framed Tone', exact: true }).waitFor();
    // Truly cross-origin: the blog cannot reach into the player.
    expect(await page.evaluate(() => document.querySelector('iframe')!.contentDocument)).to.equal(null);

    await frame.getByRole('button', { name: 'Play Framed Tone' }).click();
    const player = page.frames().find((f) => f.url().includes('/embed/tracks/'))!;
    await player.waitForFunction(() => document.querySelector('audio')!.currentTime > 1, undefined, {
      timeout: 15_000,
    });
    const state = await player.evaluate(() => ({
      origin: window.origin,
      paused: document.querySelector('audio')!.paused,
      src: document.querySelector('audio')!.currentSrc,
      gainDb: Number(document.querySelector<HTMLElement>('[data-embed-player]')!.dataset.gainDb),
    }));
    expect(state.origin).to.equal(suite.server.url);
    expect(state.paused).to.equal(false);
    expect(state.src).to.match(/\/media\/s\/[0-9a-f]+\.m4a$/);
    expect(state.gainDb).to.be.closeTo(expectedGainDb, 1e-9);

    // Pause, and the position shows where it stopped.
    await frame.getByRole('button', { name: 'Pause Framed Tone' }).click();
    expect(await player.evaluate(() => document.querySelector('audio')!.paused)).to.equal(true);
    expect(await frame.locator('[data-embed-time]').textContent()).to.match(/^0:0[1-8] \/ 0:08$/);
    expect(errors).to.deep.equal([]);
    await page.context().close();
  });

  it('stays blank when another site frames any other page (frame-ancestors none)', async () => {
    const { page, errors } = await openPage(suite.browser, hostUrl);
    await page.goto('/framed-page');
    await page.getByRole('heading', { name: 'My favourite drop' }).waitFor();
    const framed = page.frames().find((f) => f !== page.mainFrame())!;
    await framed.waitForLoadState();
    // Chromium refuses the document and shows its own error page instead of the track page.
    expect(framed.url()).to.match(/^chrome-error:/);
    expect(await framed.getByText('Framed Tone').count()).to.equal(0);
    expect(errors.join('\n')).to.match(
      /violates the following Content Security Policy directive: "frame-ancestors 'none'"/,
    );
    await page.context().close();
  });
});
