// `node bench/bench.ts input`: input delay on a phone (issue 40 point 6): Chromium at 375x812 with its
// CPU slowed 4x (CDP Emulation.setCPUThrottlingRate), a fresh load each run, median of 5. Typing the
// demo credentials into the sign-in form right after load (hydrating while typed), and a signed-in
// listener pressing Like on a track page (the click wakes its island). Figures from the browser's own
// Event Timing entries: first-input delay (processing start minus the input's time) and the slowest
// interaction's duration (what INP reports).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { chromiumPath } from '../api/cli/debianTools.ts';
import { DEMO_USERNAME } from '../plugins/accounts/demoAccount.ts';
import { withServer } from './demoBrowser.ts';
import { sessionCookie } from './signIn.ts';

const RUNS = 5;

/** Notes the page's Event Timing entries from its start (an init script: before any of its own). */
const OBSERVE = `
  window.__timings = { fid: null, inp: 0 };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__timings.fid ??= e.processingStart - e.startTime;
  }).observe({ type: 'first-input', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if (e.interactionId) window.__timings.inp = Math.max(window.__timings.inp, e.duration);
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
`;

type Timings = { fid: number; inp: number };
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function phone(base: string, cookie: string | null, act: (page: Page) => Promise<void>): Promise<Timings> {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
    if (cookie) {
      const [name, value] = cookie.split('; ')[0].split('=');
      await context.addCookies([{ name, value, url: base }]);
    }
    await context.addInitScript(OBSERVE);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await act(page);
    // Entries are queued after the next paint.
    await page.waitForTimeout(1000);
    return await page.evaluate(() => (window as unknown as { __timings: Timings }).__timings);
  } finally {
    await browser.close();
  }
}

async function runs(name: string, take: () => Promise<Timings>): Promise<void> {
  const all: Timings[] = [];
  for (let i = 0; i < RUNS; i++) all.push(await take());
  const fid = median(all.map((t) => t.fid ?? 0));
  const inp = median(all.map((t) => t.inp));
  console.info(
    `  ${name.padEnd(34)} first-input delay ${fid.toFixed(0).padStart(4)} ms   INP ${inp.toFixed(0).padStart(4)} ms`,
  );
}

export async function inputDelayBench(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'onetrack-bench-input-'));
  try {
    await withServer(dataDir, false, async (base) => {
      const cookie = await sessionCookie(base);
      console.info(`Input on a phone (375x812, CPU 4x slower), median of ${RUNS}:`);
      await runs('type into /login after load', () =>
        phone(base, null, async (page) => {
          await page.goto(`${base}/login`, { waitUntil: 'load' });
          await page.locator('#login-username').pressSequentially(DEMO_USERNAME);
        }),
      );
      await runs('press Like on /tracks/1 after load', () =>
        phone(base, cookie, async (page) => {
          await page.goto(`${base}/tracks/1`, { waitUntil: 'load' });
          await page
            .getByRole('button', { name: /^(Like|Unlike)/ })
            .first()
            .click();
        }),
      );
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
