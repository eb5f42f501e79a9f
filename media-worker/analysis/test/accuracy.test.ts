import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ACCURACY_CASES, runCase } from './cases.ts';

describe('audio analysis accuracy on generated signals', function () {
  // Pure DSP, no database: it runs in the SQLite pass of `npm test` only, not again on MariaDB.
  if (process.env.TEST_DB === 'mysql') return;
  this.timeout(60_000);
  let dir: string;
  before(() => (dir = mkdtempSync(path.join(os.tmpdir(), 'onetrack-accuracy-'))));
  after(() => rmSync(dir, { recursive: true, force: true }));

  for (const c of ACCURACY_CASES) {
    it(`${c.group}: ${c.name} → ${c.expected}`, async () => {
      const result = await runCase(c, dir);
      expect(result.ok, `got ${result.got}`).to.equal(true);
    });
  }
});
