import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../plugins/loader.ts';

// `npm run plugin:new` as a developer runs it, into a plugins folder of its own inside the project
// (tmp/ is ignored by git; inside the tree so the generated files find chai and the kernel), and
// the generated test run as generated, on this suite's database.
describe('the plugin kit (npm run plugin:new)', function () {
  this.timeout(180_000);
  let root: string;

  const run = (args: string[]) =>
    spawnSync(process.execPath, args, { cwd: projectRoot, encoding: 'utf8', env: process.env });
  const scaffold = (...args: string[]) =>
    run([path.join(projectRoot, 'api/cli/plugin-new.ts'), ...args, '--root', root]);

  before(() => {
    mkdirSync(path.join(projectRoot, 'tmp'), { recursive: true });
    root = path.join(mkdtempSync(path.join(projectRoot, 'tmp', 'kit-')), 'plugins');
  });
  after(() => rmSync(path.dirname(root), { recursive: true, force: true }));

  it('creates a manifest, a route, a service, a migration, a page and a test', () => {
    const made = scaffold('gig-notes');
    expect(made.status, made.stderr).to.equal(0);
    const folder = path.join(root, 'gig-notes');
    for (const file of [
      'plugin.ts',
      'routes.ts',
      'service.ts',
      'rules.ts',
      'pages/gig-notes.astro',
      'test/gig-notes.test.ts',
    ]) {
      expect(existsSync(path.join(folder, file)), file).to.equal(true);
    }
    expect(readdirSync(path.join(folder, 'migrations'))).to.satisfy(
      (names: string[]) => names.length === 1 && /^\d{14}_gig_notes\.ts$/.test(names[0]),
    );
  });

  it('generates a test that passes as generated', () => {
    const test = run([
      path.join(projectRoot, 'node_modules/mocha/bin/mocha.js'),
      '--timeout',
      '60000',
      path.join(root, 'gig-notes/test/gig-notes.test.ts'),
    ]);
    expect(test.status, test.stdout + test.stderr).to.equal(0);
    expect(test.stdout).to.match(/3 passing/);
  });

  it('refuses a folder that exists and a name that is not a plugin name, in one line', () => {
    const again = scaffold('gig-notes');
    expect([again.status, again.stderr]).to.deep.equal([1, `${path.join(root, 'gig-notes')} already exists\n`]);
    const bad = scaffold('Gig_Notes');
    expect([bad.status, bad.stderr]).to.deep.equal([
      1,
      'A plugin name is lower-case letters, digits and dashes, starting with a letter (at most 40): "Gig_Notes"\n',
    ]);
  });
});
