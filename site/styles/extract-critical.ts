// `npm run critical` (after `npm run build`): writes site/styles/critical.css (see criticalCss.ts).
// AppLayout inlines it and loads the full theme without blocking render, so the first paint waits for
// the HTML alone. Rerun after changing theme.scss or the first screen's markup, then build again;
// site/test/critical.browser.test.ts fails until then.
import { writeFileSync } from 'node:fs';
import { CRITICAL_CSS_FILE, criticalCss } from './criticalCss.ts';

const css = await criticalCss();
writeFileSync(CRITICAL_CSS_FILE, css);
process.stdout.write(`${CRITICAL_CSS_FILE}: ${(css.length / 1024).toFixed(1)} KB\n`);
