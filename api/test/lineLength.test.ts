// Prettier wraps code at 120 columns but leaves comments and strings as written: this holds them to it too.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';

const root = path.resolve(import.meta.dirname, '../..');
const LIMIT = 120;
// Written by tools, not by hand: `npm run messages` writes lib/i18n/generated/ and apiTexts.ts (whose keys are the
// English API texts, whole), the critical-CSS step site/styles/critical*.css.
const GENERATED = [/^lib\/i18n\/generated\//, /^lib\/i18n\/apiTexts\.ts$/, /^site\/styles\/critical[^/]*\.css$/];

describe('line length', () => {
  it(`keeps every hand-written source line within ${LIMIT} characters`, () => {
    const files = execFileSync('git', ['ls-files', '*.ts', '*.tsx', '*.astro', '*.js', '*.mjs', '*.css'], { cwd: root })
      .toString()
      .split('\n')
      .filter((file) => file && !GENERATED.some((pattern) => pattern.test(file)));
    const long = files.flatMap((file) =>
      readFileSync(path.join(root, file), 'utf8')
        .split('\n')
        .flatMap((line, index) => ([...line].length > LIMIT ? [`${file}:${index + 1}`] : [])),
    );
    expect(long).to.deep.equal([]);
  });
});
