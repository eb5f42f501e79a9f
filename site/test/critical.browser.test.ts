import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { CRITICAL_CSS_FILE, criticalCss } from '../styles/criticalCss.ts';

// critical.css is generated from the built theme and the first screen's markup; edited theme.scss or
// shell markup leaves it stale (the first paint then misses rules, or carries dead ones) until
// `npm run build && npm run critical && npm run build`.
describe('critical.css', function () {
  this.timeout(180_000);

  it('is what `npm run critical` makes of the current build', async () => {
    const fresh = await criticalCss();
    expect(readFileSync(CRITICAL_CSS_FILE, 'utf8') === fresh, 'site/styles/critical.css is stale: run `npm run build && npm run critical && npm run build`').to.equal(true);
  });
});
