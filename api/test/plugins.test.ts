import { expect } from 'chai';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError } from '../config.ts';
import { loadPlugins, orderByDependencies, readEnabledList } from '../plugins/loader.ts';

describe('plugin loader', () => {
  it('orders plugins after everything they depend on', () => {
    const ordered = orderByDependencies([
      { name: 'credits', dependsOn: ['catalog', 'accounts'] },
      { name: 'catalog', dependsOn: ['accounts'] },
      { name: 'accounts' },
    ]);
    expect(ordered.map((p) => p.name)).to.deep.equal(['accounts', 'catalog', 'credits']);
  });

  it('refuses a plugin whose dependency is not enabled, naming both', () => {
    expect(() => orderByDependencies([{ name: 'credits', dependsOn: ['catalog'] }])).to.throw(
      ConfigError,
      'Plugin "credits" needs plugin "catalog", which is not enabled in plugins/enabled.json',
    );
  });

  it('refuses plugins that depend on each other in a circle', () => {
    expect(() =>
      orderByDependencies([
        { name: 'a', dependsOn: ['b'] },
        { name: 'b', dependsOn: ['a'] },
      ]),
    ).to.throw(ConfigError, /circle: a → b → a/);
  });

  describe('from folders', () => {
    let root: string;
    before(() => {
      root = mkdtempSync(path.join(os.tmpdir(), 'onetrack-plugins-'));
      mkdirSync(path.join(root, 'hello'));
      writeFileSync(path.join(root, 'hello', 'plugin.ts'), "export default { name: 'hello', dependsOn: [] };\n");
      mkdirSync(path.join(root, 'misnamed'));
      writeFileSync(path.join(root, 'misnamed', 'plugin.ts'), "export default { name: 'other' };\n");
      writeFileSync(path.join(root, 'enabled.json'), '{"not": "a list"}');
    });
    after(() => rmSync(root, { recursive: true, force: true }));

    it('loads the manifest of an enabled folder', async () => {
      const [hello] = await loadPlugins(['hello'], root);
      expect(hello.name).to.equal('hello');
    });

    it('refuses an enabled plugin whose folder is missing', async () => {
      const error = await loadPlugins(['absent'], root).catch((e) => e);
      expect(error).to.be.instanceOf(ConfigError);
      expect(error.message).to.match(/Plugin "absent" is enabled but .*absent\/plugin.ts does not exist/);
    });

    it('refuses a manifest whose name does not match its folder', async () => {
      const error = await loadPlugins(['misnamed'], root).catch((e) => e);
      expect(error).to.be.instanceOf(ConfigError);
    });

    it('refuses an enabled list that is not an array of names', () => {
      expect(() => readEnabledList(path.join(root, 'enabled.json'))).to.throw(ConfigError, /JSON array/);
    });
  });

  it('enables the accounts plugin in the shipped list', () => {
    expect(readEnabledList()).to.include('accounts');
  });
});
