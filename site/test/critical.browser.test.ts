import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { CRITICAL_SETS, criticalCss, criticalCssFile } from '../styles/criticalCss.ts';

// site/styles/critical*.css are generated from the built theme and the first screen's markup; edited
// theme.scss or shell markup leaves them stale (the first paint then misses rules, or carries dead
// ones) until `npm run build && npm run critical && npm run build`.
describe('critical CSS', function () {
  this.timeout(180_000);

  it('is what `npm run critical` makes of the current build', async () => {
    const fresh = await criticalCss();
    const stale = CRITICAL_SETS.filter((set) => readFileSync(criticalCssFile(set), 'utf8') !== fresh[set]).map((set) =>
      criticalCssFile(set),
    );
    expect(stale, 'stale: run `npm run build && npm run critical && npm run build`').to.deep.equal([]);
  });
});
