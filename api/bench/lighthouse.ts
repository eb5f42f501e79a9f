// First paint on a phone: Lighthouse's mobile preset (simulated slow 4G and a 4x slower CPU) on the
// four pages issue 12 names, median of 3 runs each, in Debian's Chromium (CHROME_PATH to change it),
// against a fresh server with the demo catalog. Goals: LCP <= 1.2 s, performance 100, and at most
// 80 KB of gzipped JS on artist and track pages.
// Run alone with `node api/bench/bench.ts lighthouse`.
import lighthouse from 'lighthouse';
import { withDemoServerAndChrome } from './demoBrowser.ts';

const PAGES = ['/', '/artist/1', '/tracks/1', '/discover'];
const RUNS = 3;
const JS_LIMIT_KB = 80;

interface Run {
  score: number;
  lcp: number;
  fcp: number;
  tbt: number;
  cls: number;
  cssKb: number;
  jsKb: number;
  lcpElement: string;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function audit(url: string, port: number): Promise<Run> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { audits, categories } = result.lhr;
  const bytesOf = (type: string) => {
    const items = (audits['resource-summary']?.details as { items?: Array<{ resourceType: string; transferSize: number }> } | undefined)?.items ?? [];
    return (items.find((item) => item.resourceType === type)?.transferSize ?? 0) / 1024;
  };
  // Lighthouse 13 names the LCP element in its LCP breakdown insight, as a node item.
  const lcpItems = (audits['lcp-breakdown-insight']?.details as { items?: Array<{ type: string; selector?: string }> } | undefined)?.items;
  return {
    score: Math.round((categories.performance.score ?? 0) * 100),
    lcp: audits['largest-contentful-paint'].numericValue ?? NaN,
    fcp: audits['first-contentful-paint'].numericValue ?? NaN,
    tbt: audits['total-blocking-time'].numericValue ?? NaN,
    cls: audits['cumulative-layout-shift'].numericValue ?? NaN,
    cssKb: bytesOf('stylesheet'),
    jsKb: bytesOf('script'),
    lcpElement: lcpItems?.find((item) => item.type === 'node')?.selector ?? '',
  };
}

export async function lighthouseBench(): Promise<void> {
  await withDemoServerAndChrome(async (base, chromePort) => {
    const lines = [`\nLighthouse (mobile preset), median of ${RUNS} runs per page`, `${'page'.padEnd(12)} ${'score'.padStart(6)} ${'LCP ms'.padStart(7)} ${'FCP ms'.padStart(7)} ${'TBT ms'.padStart(7)} ${'CLS'.padStart(6)} ${'CSS KB'.padStart(7)} ${'JS KB'.padStart(6)}  goals  LCP element`];
    for (const page of PAGES) {
      await fetch(base + page); // rendered once, as any visitor but the first sees it
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await audit(base + page, chromePort));
      const pick = (key: Exclude<keyof Run, 'lcpElement'>) => median(runs.map((run) => run[key]));
      const jsLimited = page.startsWith('/artist/') || page.startsWith('/tracks/');
      const met = pick('score') === 100 && pick('lcp') <= 1200 && (!jsLimited || pick('jsKb') <= JS_LIMIT_KB);
      lines.push(`${page.padEnd(12)} ${String(pick('score')).padStart(6)} ${pick('lcp').toFixed(0).padStart(7)} ${pick('fcp').toFixed(0).padStart(7)} ${pick('tbt').toFixed(0).padStart(7)} ${pick('cls').toFixed(3).padStart(6)} ${pick('cssKb').toFixed(1).padStart(7)} ${pick('jsKb').toFixed(1).padStart(6)}  ${met ? 'met   ' : 'MISSED'} ${runs[0].lcpElement}`);
    }
    process.stdout.write(`${lines.join('\n')}\n`);
  });
}
