import { existsSync } from 'node:fs';
import path from 'node:path';
import { startTestServer, type TestServer, type TestServerOptions } from '../../api/test/server.ts';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';

/** Where screenshot tests write (SHOTS_DIR, else shots/ at the repository root, git-ignored). */
export const SHOTS_DIR = process.env.SHOTS_DIR || path.resolve(import.meta.dirname, '../../shots');

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Debian's Chromium, headless, with every background connection off (this machine has no internet). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--autoplay-policy=no-user-gesture-required',
];

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM))
    throw new Error(`Chromium is missing at ${CHROMIUM}: npm test installs it (apt-get install chromium)`);
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

// One Chromium per test process: launching and closing one per suite cost 1–2.5 s a suite on a loaded
// machine. Suites stay apart: every page opens in a context of its own (openPage), and a suite's
// contexts are closed when it ends. One that is gone (a crash) is launched anew for the next suite.
let shared: Promise<Browser> | undefined;

async function sharedBrowser(): Promise<Browser> {
  if (shared && !(await shared.catch(() => undefined))?.isConnected()) shared = undefined;
  shared ??= launchBrowser();
  return shared;
}

// Mocha's root hook (registered when a test file first imports this one): the browser goes with the process.
if (typeof after === 'function') after(async () => (await shared?.catch(() => undefined))?.close());

export interface TrackedPage {
  page: Page;
  /** Console errors and uncaught exceptions seen so far. */
  errors: string[];
}

/** A page in a fresh context that records console errors, so tests can assert a clean run. */
export async function openPage(
  browser: Browser,
  baseURL: string,
  options: BrowserContextOptions = {},
): Promise<TrackedPage> {
  const context = await browser.newContext({ baseURL, ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, errors };
}

/**
 * Holds back the responses whose URL matches until the returned function is called, so what the test does surely comes
 * first.
 */
export async function holdUntilReleased(page: Page, url: RegExp): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** The page scripts' module (site/lib/pageStart.ts starts it after the first paint), for holdUntilReleased. */
export const PAGE_SCRIPTS = /\/_astro\/PageScripts\.[\w.-]+\.js$/;
/** React's chunk, which every island needs to hydrate, for holdUntilReleased. */
export const REACT_CHUNK = /\/_astro\/react\.[\w-]+\.js$/;

export interface BrowserSuite {
  server: TestServer;
  browser: Browser;
}

/**
 * Registers a suite's before/after hooks: the whole app serving pages on its own database
 * (`npm run build` first) and the process's Chromium. Fields are set once the before hook has run.
 */
export function browserSuite(options: TestServerOptions = {}): BrowserSuite {
  const suite = {} as BrowserSuite;
  before(async () => {
    suite.server = await startTestServer({ pages: true, ...options });
    suite.browser = await sharedBrowser();
  });
  after(async () => {
    await Promise.all(suite.browser?.contexts().map((context) => context.close()) ?? []);
    await suite.server?.stop();
  });
  return suite;
}
