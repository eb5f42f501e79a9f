// `npm run critical` (after `npm run build`): writes site/styles/critical*.css (see criticalCss.ts).
// AppLayout inlines the page's own (or the shared one) and loads the full theme without blocking
// render, so the first paint waits for the HTML alone. Rerun after changing theme.scss or the first
// screen's markup, then build again; site/test/critical.browser.test.ts fails until then.
import { writeFileSync } from 'node:fs';
import { criticalCss, criticalCssFile, type CriticalSet } from './criticalCss.ts';

for (const [set, css] of Object.entries(await criticalCss())) {
  writeFileSync(criticalCssFile(set as CriticalSet), css);
  process.stdout.write(`${criticalCssFile(set as CriticalSet)}: ${(css.length / 1024).toFixed(1)} KB\n`);
}
