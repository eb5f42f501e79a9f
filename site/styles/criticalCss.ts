// The theme's rules that style the first screen of the home, artist, track and discover pages at
// phone and desktop sizes, for a visitor and for a signed-in listener on a trial (the top bar's bell,
// messages, avatar and Upgrade button), in both colour modes: one stylesheet per page (AppLayout's `critical` prop
// picks it) and one for
// the four together, which every other page inlines. `npm run critical` writes them (extract-critical.ts)
// and site/test/critical.browser.test.ts fails when a file is not what this gives for the current
// build (theme.scss or the first screen's markup changed since).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { listeningUrl, startChild, waitFor } from '../../api/test/processes.ts';

/**
 * The demo pages each set is made from, several where the first screen varies with the data (an
 * artist's exclusives or none, a past drop's badge, an explicit track); `all` is their union. A page's
 * own set is 1-2 KB gzipped smaller than `all`.
 */
const LTR_PAGES = {
  home: ['/'],
  artist: ['/artist/1', '/artist/2', '/artist/3', '/artist/8'],
  track: ['/tracks/1', '/tracks/2', '/tracks/20'],
  discover: ['/discover'],
} as const;
/**
 * Each page in Arabic too (issue 43): right to left its first screen holds other elements (shorter
 * or longer texts move the fold) and the theme's `[dir="rtl"]` rules, so a set made from the English
 * pages alone painted an Arabic page wrong until the theme came (a card's play button on the right).
 */
const SET_PAGES = Object.fromEntries(
  Object.entries(LTR_PAGES).map(([set, pages]) => [set, [...pages, ...pages.map((page) => `/ar${page}`)]]),
) as Record<keyof typeof LTR_PAGES, string[]>;
export type CriticalSet = keyof typeof SET_PAGES | 'all';
export const CRITICAL_SETS: CriticalSet[] = ['all', ...(Object.keys(SET_PAGES) as CriticalSet[])];
const VIEWPORTS = [
  { width: 375, height: 812 },
  { width: 1366, height: 900 },
];
const root = path.resolve(import.meta.dirname, '../..');

/** site/styles/critical.css for `all`, critical-<set>.css for a page's own. */
export const criticalCssFile = (set: CriticalSet) =>
  path.join(import.meta.dirname, set === 'all' ? 'critical.css' : `critical-${set}.css`);

/**
 * In the page: paths ("3", or "40.2" inside an @media, @container or @supports) of the theme's rules matching an
 * element on the first screen.
 */
function firstScreenRules(): string[] {
  const theme = [...document.styleSheets].find((sheet) => sheet.href?.includes('/_astro/theme.'));
  if (!theme) throw new Error('the theme stylesheet is not on the page');
  const onScreen = new Set(
    [...document.querySelectorAll('*')].filter((el) => el.getBoundingClientRect().top < innerHeight),
  );
  // States (:hover, :checked, ::before) are dropped from the selector, so a rule is kept if its element
  // is on screen in any state; structural ones (:not, :last-child) stay. So is the colour mode: a rule
  // of dark, light or system mode counts on the page whatever mode it was opened in.
  const matches = (selector: string) => {
    const bare = selector
      .replace(/\[data-bs-theme=[^\]]*\]/g, '[data-bs-theme]')
      .replace(
        new RegExp(
          String.raw`::[a-zA-Z-]+(\([^)]*\))?|:(hover|focus|focus-visible|focus-within` +
            String.raw`|active|visited|checked|disabled|enabled|indeterminate|valid|invalid` +
            String.raw`|placeholder-shown|target|autofill|-webkit-autofill|before|after` +
            String.raw`|first-letter|first-line)\b`,
          'g',
        ),
        '',
      )
      .replace(/[>+~]\s*$/, '$&*')
      .trim();
    if (!bare) return false; // a bare pseudo-element: ::selection, ::-webkit-datetime-edit
    try {
      return [...document.querySelectorAll(bare)].some((el) => onScreen.has(el));
    } catch {
      return false;
    }
  };
  const kept: string[] = [];
  const walk = (rules: CSSRuleList, prefix: string) => {
    [...rules].forEach((rule, i) => {
      if (rule instanceof CSSStyleRule && rule.selectorText.split(',').some(matches)) kept.push(prefix + i);
      else if (rule instanceof CSSGroupingRule && !(rule instanceof CSSMediaRule && rule.media.mediaText === 'print'))
        walk(rule.cssRules, `${prefix}${i}.`);
    });
  };
  walk(theme.cssRules, '');
  return kept;
}

/**
 * In the page: the kept rules as CSS, in the theme's order, each @media or @container written once around its kept
 * rules.
 */
function serialise(kept: string[]): string {
  const theme = [...document.styleSheets].find((sheet) => sheet.href?.includes('/_astro/theme.'))!;
  const want = new Set(kept);
  const write = (rules: CSSRuleList, prefix: string): string =>
    [...rules]
      .map((rule, i) => {
        if (want.has(prefix + i)) return rule.cssText;
        if (rule instanceof CSSGroupingRule) {
          const inner = write(rule.cssRules, `${prefix}${i}.`);
          return inner && `${rule.cssText.slice(0, rule.cssText.indexOf('{'))}{${inner}}`;
        }
        return '';
      })
      .filter(Boolean)
      .join('\n');
  return write(theme.cssRules, '');
}

// A rule of the root's custom properties, alone on its line or first in its @media (the system mode's).
const ROOT_RULE = /^(@media[^{]*\{)?((?::root|\[data-bs-theme)[^{]*)\{([^}]*)\}(\}?)$/;
const DECLARATION = /\s*([\w-]+):\s*((?:[^;"'()]|"[^"]*"|'[^']*'|\((?:[^()]|\([^()]*\))*\))*);/g;
const referencesIn = (text: string) => [...text.matchAll(/var\((--[\w-]+)/g)].map((m) => m[1]);

/**
 * Bootstrap's :root rules declare ~200 custom properties; the first screen reads a few dozen. Only those
 * referenced (directly or through another kept property) by the other inlined rules or the pages' own
 * markup are kept: ~1.5 KB gzipped less, which keeps a page's HTML within TCP's first round trip.
 */
function pruneRootProperties(css: string, markup: string): string {
  const lines = css.split('\n');
  const used = new Set(referencesIn(lines.filter((line) => !ROOT_RULE.test(line)).join('\n') + markup));
  const rootDeclarations = lines.flatMap((line) =>
    [...(line.match(ROOT_RULE)?.[3] ?? '').matchAll(DECLARATION)].map((m) => [m[1], m[2]]),
  );
  for (let before = -1; before !== used.size;) {
    before = used.size;
    for (const [name, value] of rootDeclarations)
      if (used.has(name)) referencesIn(value).forEach((ref) => used.add(ref));
  }
  return lines
    .map((line) => {
      const rule = line.match(ROOT_RULE);
      if (!rule) return line;
      const [, media = '', selector, declarations, close] = rule;
      const kept = [...declarations.matchAll(DECLARATION)]
        .filter((m) => !m[1].startsWith('--') || used.has(m[1]))
        .map((m) => `${m[1]}:${m[2]};`);
      return `${media}${selector}{${kept.join('')}}${close}`;
    })
    .join('\n');
}

/** Each set's file text for the built site (`npm run build` first): a demo server and Chromium look at the pages. */
export async function criticalCss(): Promise<Record<CriticalSet, string>> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'onetrack-critical-'));
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: '0',
    SEED_DEMO: '1',
    NODE_ENV: 'production',
    PUBLIC_URL: 'http://127.0.0.1',
    MEDIA_WORKER: '0',
    SESSION_SECRET: 'critical-secret-critical-secret',
  };
  const server = startChild(process.execPath, [path.join(root, 'api/server.ts')], env, root);
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const base = await waitFor('the server to listen', () => listeningUrl(server.output()), 120_000, 100);
    const seen = new Map<string, { kept: Set<string>; markup: string }>();
    // A new account is on its first month's trial, so its top bar has the Upgrade button too.
    const listener = await browser.newContext();
    const signUp = await listener.request.post(`${base}/api/auth/register`, {
      data: { username: 'criticalcss', password: 'critical-css', email: 'critical@example.com', name: 'Critical' },
    });
    if (!signUp.ok()) throw new Error(`signing up the listener: ${signUp.status()} ${await signUp.text()}`);
    let last;
    for (const viewport of VIEWPORTS) {
      for (const [page, visitor] of Object.values(SET_PAGES)
        .flat()
        .flatMap(
          (page) =>
            [
              [page, browser],
              [page, listener],
            ] as const,
        )) {
        await last?.close();
        last = await visitor.newPage({ viewport });
        await last.goto(base + page, { waitUntil: 'load' });
        // Pages with their own set fetch the theme after their first paint (site/lib/pageStart.ts).
        await last.waitForFunction(() =>
          [...document.styleSheets].some((sheet) => sheet.href?.includes('/_astro/theme.')),
        );
        const entry = seen.get(page) ?? { kept: new Set<string>(), markup: '' };
        for (const rule of await last.evaluate(firstScreenRules)) entry.kept.add(rule);
        // What else reads the theme's custom properties: the body's inline styles and the components'
        // own stylesheets; not the inlined critical CSS itself (the previous run's output).
        entry.markup += await last.evaluate(
          () =>
            document.body.outerHTML +
            [...document.styleSheets]
              .filter(
                (sheet) =>
                  !sheet.href?.includes('/_astro/theme.') &&
                  !sheet.ownerNode?.textContent?.startsWith('/* Generated by'),
              )
              .flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText))
              .join('\n'),
        );
        seen.set(page, entry);
      }
    }
    const files = {} as Record<CriticalSet, string>;
    for (const set of CRITICAL_SETS) {
      const pages = set === 'all' ? [...seen.values()] : SET_PAGES[set].map((page) => seen.get(page)!);
      const kept = new Set(pages.flatMap((p) => [...p.kept]));
      const css = pruneRootProperties(await last!.evaluate(serialise, [...kept]), pages.map((p) => p.markup).join(''));
      files[set] = `/* Generated by \`npm run critical\` from site/styles/theme.scss: do not edit. */\n${css}\n`;
    }
    return files;
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
