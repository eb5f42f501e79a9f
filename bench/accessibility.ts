// Lighthouse's accessibility score of every page fans, artists and visitors land on, signed in as
// each of them (demo users), in Debian's Chromium (CHROME_PATH to change it). Goal: >= 96 on each,
// with the failing audits named when one falls short. axe's serious findings fail `npm test`
// already (site/test/a11y.browser.test.ts); this is Lighthouse's wider score.
// Run alone with `node bench/bench.ts accessibility`.
import lighthouse from 'lighthouse';
import { withDemoServerAndChrome } from './demoBrowser.ts';
import { sessionCookie } from './signIn.ts';

const GOAL = 96;

/** Who looks at which pages: null is a visitor, otherwise a demo username (they share the demo password). */
const VISITS: Array<[string | null, string[]]> = [
  [null, ['/', '/artist/1', '/tracks/1', '/search?q=nova', '/discover', '/artists', '/transparency', '/auth']],
  ['demo', ['/', '/credits', '/messages', '/notifications', '/profile?tab=preferences', '/artist/1', '/tracks/1']],
  ['novaharbor', ['/upload', '/credits']],
];

export async function accessibilityBench(): Promise<void> {
  await withDemoServerAndChrome(async (base, chromePort) => {
    const lines = [
      `\nLighthouse accessibility (desktop), goal >= ${GOAL}`,
      `${'who'.padEnd(11)} ${'page'.padEnd(26)} score  failing audits`,
    ];
    for (const [who, pages] of VISITS) {
      const cookie = who ? await sessionCookie(base, who) : undefined;
      for (const page of pages) {
        const result = await lighthouse(base + page, {
          port: chromePort,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['accessibility'],
          formFactor: 'desktop',
          screenEmulation: { disabled: true },
          extraHeaders: cookie ? { Cookie: cookie } : undefined,
        });
        if (!result) throw new Error(`Lighthouse gave no result for ${page}`);
        const { audits, categories } = result.lhr;
        const score = Math.round((categories.accessibility.score ?? 0) * 100);
        const failing = Object.values(audits)
          .filter((audit) => audit.scoreDisplayMode === 'binary' && audit.score === 0)
          .map((audit) => audit.id);
        lines.push(
          `${(who ?? 'visitor').padEnd(11)} ${page.padEnd(26)} ` +
            `${String(score).padStart(5)}  ${score >= GOAL ? '' : 'MISSED '}` +
            `${failing.join(', ')}`,
        );
      }
    }
    process.stdout.write(`${lines.join('\n')}\n`);
  });
}
