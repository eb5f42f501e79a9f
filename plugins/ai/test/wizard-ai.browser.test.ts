import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { FFMPEG } from '../../../media-worker/media/run.ts';
import { browserSuite, openPage, SHOTS_DIR } from '../../../site/test/browser.ts';
import { hydrated, toastSaying } from '../../accounts/test/browser.ts';
import { image } from '../../releases/test/fixtures.ts';

// Issue 6: Analyze (AI) and Enhance (AI) in the upload wizard, against the real analyser.

const note = (hz: number) => `sin(2*PI*${hz}*t)`;
/** Root an octave down in the bass, then the triad. */
const CHORDS = {
  am: [110, 220, 261.63, 329.63],
  dm: [146.83, 293.66, 349.23, 440],
  e: [164.81, 329.63, 415.3, 493.88],
};

/**
 * Sixteen seconds in A minor (i–iv–V–i, one chord per two seconds; the V has the G# of harmonic
 * minor) plucked on every beat at 120 BPM, rendered by ffmpeg: a tempo and a key with known answers.
 */
function aMinorAt120(): Buffer {
  const chord = (hz: number[]) => hz.map(note).join('+');
  const bar = 'mod(floor(t/2)\\,4)';
  const expr =
    `0.2*exp(-6*mod(t\\,0.5))*if(eq(${bar}\\,1)\\,${chord(CHORDS.dm)}\\,if(eq(` +
    `${bar}\\,2)\\,${chord(CHORDS.e)}\\,${chord(CHORDS.am)}))`;
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'onetrack-ai-')), 'a-minor-120.wav');
  execFileSync(FFMPEG, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `aevalsrc=${expr}:s=44100:d=16`,
    '-ac',
    '2',
    '-c:a',
    'pcm_s16le',
    file,
  ]);
  return readFileSync(file);
}

/** The wizard keeps its draft in localStorage: what Apply and Enhance put into the form. */
const draftOf = (page: Page) =>
  page.evaluate(
    () =>
      JSON.parse(localStorage.getItem('onetrack.releaseDraft') ?? 'null') as {
        step: number;
        draft: Record<string, unknown>;
      },
  );

/** The dialog's label → value rows. */
const rowsOf = (page: Page) =>
  page
    .getByRole('dialog', { name: 'Audio Analysis Results' })
    .evaluate((dialog) =>
      Object.fromEntries(
        [...dialog.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent ?? '']),
      ),
    );

describe('ai: Analyze and Enhance in the upload wizard (browser)', function () {
  this.timeout(120_000);
  const suite = browserSuite();

  it('analyses the uploaded audio, applies key, BPM and moods, and enhances the description', async () => {
    const { page, errors } = await openPage(suite.browser, suite.server.url, { viewport: { width: 375, height: 800 } });
    expect(
      (
        await page.request.post('/api/auth/register', {
          data: {
            username: 'lumen',
            password: 'secret123',
            email: 'lumen@example.com',
            name: 'Lumen Vale',
            isArtist: true,
          },
        })
      ).status(),
    ).to.equal(201);
    expect((await page.request.post('/api/auth/register-artist-hook')).status()).to.equal(200);
    await page.goto('/upload');
    await hydrated(page);

    // Steps 1 and 2: details and a generated cover.
    await page.getByLabel('Release Title').fill('Glass Harbour');
    await page.getByLabel('Genre').selectOption('Electronic');
    await page.getByLabel('Language of Title').selectOption('English');
    await page.getByRole('button', { name: 'Next' }).click();
    await page
      .locator('#cover-file')
      .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await image(800, 800) });
    await page.getByAltText('Cover art preview').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 3: the generated track.
    await page.getByRole('heading', { name: 'Step 3: Track Upload' }).waitFor();
    await page
      .locator('#audio-file')
      .setInputFiles({ name: 'a-minor-120.wav', mimeType: 'audio/wav', buffer: aMinorAt120() });
    await page.getByText('a-minor-120.wav').waitFor();
    await page.getByText('0:16').waitFor();

    // Enhance needs a title. Step 1 does not let an empty title through, so the wizard can only
    // meet one in a restored draft: clear it there and reload.
    await page.evaluate(() => {
      const saved = JSON.parse(localStorage.getItem('onetrack.releaseDraft')!);
      saved.draft.title = '';
      localStorage.setItem('onetrack.releaseDraft', JSON.stringify(saved));
    });
    await page.reload();
    await hydrated(page);
    await page.getByRole('heading', { name: 'Step 3: Track Upload' }).waitFor();
    await page.getByRole('button', { name: 'Enhance (AI)' }).click();
    await toastSaying(page, 'Please provide a track title first');
    expect(await page.getByLabel('Track Description').inputValue()).to.equal('');
    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByLabel('Release Title').fill('Glass Harbour');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('a-minor-120.wav').waitFor();

    // Analyze: the server's real reply is held back until the busy state has been seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/ai/analyze-audio', async (route) => {
      const response = await route.fetch();
      await held;
      await route.fulfill({ response });
    });
    await page.getByRole('button', { name: 'Analyze (AI)' }).click();
    const busy = page.getByRole('button', { name: 'Analyzing...' });
    await busy.waitFor();
    expect(await busy.isDisabled()).to.equal(true);
    expect(await busy.locator('.spinner-border').count()).to.equal(1);
    release();

    const dialog = page.getByRole('dialog', { name: 'Audio Analysis Results' });
    await dialog.waitFor();
    await toastSaying(page, 'Audio Analysis Complete');
    const rows = await rowsOf(page);
    expect(Object.keys(rows)).to.deep.equal([
      'Tempo',
      'Key',
      'Genre',
      'Instruments',
      'Mood',
      'Dynamic Range',
      'Frequency Balance',
      'Production Style',
    ]);
    // With how sure the analysis is of each.
    expect(rows.Tempo).to.match(/^120 BPM · \d{1,3} % confidence$/);
    expect(rows.Key).to.match(/^A minor · \d{1,3} % confidence$/);
    expect(rows.Instruments).to.include('Pitched instruments');
    expect(rows['Frequency Balance']).to.match(/low \d+% · mid \d+% · high \d+%/);
    expect(rows['Dynamic Range']).to.match(/loudness range \d+\.\d LU/);
    // Every field measured: no fallback shown.
    for (const [label, value] of Object.entries(rows))
      expect(value, label).to.not.be.oneOf(['', 'Unknown', 'None detected', 'Not analyzed']);
    expect(await dialog.locator('section').first().locator('li').count()).to.be.greaterThan(0);
    expect(await dialog.getByRole('heading', { name: 'Potential Improvements' }).isVisible()).to.equal(true);
    const moods = rows.Mood.split(', ');

    await dialog.getByRole('button', { name: 'Apply to Track' }).click();
    await toastSaying(page, 'Settings Applied');
    await dialog.waitFor({ state: 'detached' });
    expect((await draftOf(page)).draft).to.include({ key: 'A minor', bpm: 120 });
    expect((await draftOf(page)).draft.moods).to.deep.equal(moods);
    // What was applied shows in the form, not only in the toast.
    expect(await page.getByTestId('analysis-applied').textContent()).to.equal(
      `In this release: Key A minor · 120 BPM · Mood: ${moods.join(', ')}`,
    );
    await page.getByTestId('analysis-applied').screenshot({ path: path.join(SHOTS_DIR, 'wizard-applied.png') });

    // Enhance: the description is written from the title, the artist and the analysed key and tempo.
    await page.getByLabel('Track Description').fill('Recorded at night by the harbour.');
    await page.getByRole('button', { name: 'Enhance (AI)' }).click();
    await toastSaying(page, 'AI Enhancement Complete');
    const description = await page.getByLabel('Track Description').inputValue();
    expect(description).to.include('"Glass Harbour" by Lumen Vale is an electronic track at 120 BPM in A minor.');
    expect(description).to.include('Recorded at night by the harbour.');
    expect(description.length).to.be.at.most(500);
    const enhanced = (await draftOf(page)).draft;
    expect(enhanced).to.include({ description, key: 'A minor', bpm: 120 });
    expect(enhanced.tags).to.include.members(['electronic', '120 bpm', 'a minor']);
    // The analysed moods survive the enhancement (the enhancer puts given moods first).
    expect(enhanced.moods).to.include.members(moods);

    // What the form sends: the release keeps key, BPM, moods and tags in its metadata.
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    const created = page.waitForResponse(
      (res) => res.url().endsWith('/api/tracks') && res.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Submit Release' }).click();
    const track = await (await created).json();
    await page.getByRole('heading', { name: 'Upload Complete!' }).waitFor();
    const stored = await (await page.request.get(`/api/releases/${track.id}`)).json();
    expect(stored.description).to.equal(description);
    expect(stored.metadata).to.include({ key: 'A minor', bpm: 120 });
    expect(stored.metadata.tags).to.deep.equal(enhanced.tags);
    expect(stored.metadata.moods).to.deep.equal(enhanced.moods);
    expect(errors).to.deep.equal([]);
    await page.context().close();
  });
});
