import { expect } from 'chai';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError } from '../config.ts';
import { PLUGIN_API_VERSION } from '../plugins/apiVersion.ts';
import { loadPlugins, orderByDependencies, readEnabledList } from '../plugins/loader.ts';

/** Writes files (path → text) under a folder. */
function writeTree(root: string, files: Record<string, string>): void {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
}

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
      writeTree(root, {
        'hello/plugin.ts': "export default { name: 'hello', api: '^1.0.0', dependsOn: [] };\n",
        'misnamed/plugin.ts': "export default { name: 'other', api: '^1.0.0' };\n",
        'future/plugin.ts': "export default { name: 'future', api: '^2.0.0' };\n",
        'unversioned/plugin.ts': "export default { name: 'unversioned' };\n",
        'enabled.json': '{"not": "a list"}',
      });
    });
    after(() => rmSync(root, { recursive: true, force: true }));

    it('loads the manifest of an enabled folder, with the folder as its root', async () => {
      const [hello] = await loadPlugins(['hello'], root);
      expect(hello.name).to.equal('hello');
      expect(hello.root).to.equal(path.join(root, 'hello'));
    });

    it('refuses an enabled plugin that is neither a folder nor an installed package', async () => {
      const error = await loadPlugins(['absent'], root).catch((e) => e);
      expect(error).to.be.instanceOf(ConfigError);
      expect(error.message).to.equal(
        `Plugin "absent" is enabled but is neither a folder of ${root} nor an installed npm package`,
      );
    });

    it('refuses a plugin written for another major version of the plugin API, in one line', async () => {
      expect(PLUGIN_API_VERSION).to.equal('1.0.0');
      const error = await loadPlugins(['hello', 'future'], root).catch((e) => e);
      expect(error).to.be.instanceOf(ConfigError);
      expect(error.message).to.equal('Plugin "future" needs plugin API ^2.0.0, but this OneTrack offers 1.0.0');
    });

    it('refuses a plugin that declares no plugin API range', async () => {
      const error = await loadPlugins(['unversioned'], root).catch((e) => e);
      expect(error).to.be.instanceOf(ConfigError);
      expect(error.message).to.equal(
        `Plugin "unversioned" must declare the plugin API range it supports, e.g. api: '^1.0.0'`,
      );
    });

    it('refuses two plugins of one name', async () => {
      const error = await loadPlugins(['hello', { name: 'hello', api: '^1.0.0' }], root).catch((e) => e);
      expect(error).to.be.instanceOf(ConfigError);
      expect(error.message).to.equal('Two enabled plugins are named "hello"');
    });

    it('refuses a manifest whose name does not match its folder', async () => {
      const error = await loadPlugins(['misnamed'], root).catch((e) => e);
      expect(error).to.be.instanceOf(ConfigError);
    });

    it('refuses an enabled list that is not an array of names', () => {
      expect(() => readEnabledList(path.join(root, 'enabled.json'))).to.throw(ConfigError, /JSON array/);
    });
  });

  describe('from packages', () => {
    let dir: string;
    const saved = process.env.ONETRACK_PLUGINS;
    const pkg = (name: string, main: string, source: string) => ({
      [`node_modules/${name}/package.json`]: JSON.stringify({ name, type: 'module', exports: `./${main}` }),
      [`node_modules/${name}/${main}`]: source,
    });
    before(() => {
      dir = mkdtempSync(path.join(os.tmpdir(), 'onetrack-packages-'));
      writeTree(dir, {
        ...pkg(
          '@acme/onetrack-plugin-hello',
          'plugin.js',
          "export default { name: 'hello-pkg', api: '^1.0', dependsOn: ['base'] };\n",
        ),
        ...pkg(
          'onetrack-plugin-typed',
          'plugin.ts',
          "const name: string = 'typed';\nexport default { name, api: '^1.0.0' };\n",
        ),
        ...pkg('@acme/badly-named', 'plugin.js', "export default { name: '@acme/badly-named', api: '^1.0.0' };\n"),
        'base/plugin.ts': "export default { name: 'base', api: '>=1.0.0 <2' };\n",
        'enabled.json': JSON.stringify(['@acme/onetrack-plugin-hello', 'base']),
      });
      process.env.ONETRACK_PLUGINS = path.join(dir, 'enabled.json');
    });
    after(() => {
      if (saved === undefined) delete process.env.ONETRACK_PLUGINS;
      else process.env.ONETRACK_PLUGINS = saved;
      rmSync(dir, { recursive: true, force: true });
    });

    it('reads the list ONETRACK_PLUGINS names, scoped package names included', () => {
      expect(readEnabledList()).to.deep.equal(['@acme/onetrack-plugin-hello', 'base']);
    });

    it('refuses entries that are neither folder nor package names', () => {
      for (const entry of ['../escape', 'Upper', '@scope', '@a/b/c', '']) {
        writeFileSync(path.join(dir, 'bad.json'), JSON.stringify([entry]));
        expect(() => readEnabledList(path.join(dir, 'bad.json')), entry).to.throw(
          ConfigError,
          /JSON array of plugin folder names or npm package names/,
        );
      }
    });

    it(
      'loads a package found beside the list, named by its manifest, with the ' + 'package folder as its root',
      async () => {
        const plugins = await loadPlugins(readEnabledList(), dir);
        expect(plugins.map((p) => p.name)).to.deep.equal(['base', 'hello-pkg']);
        expect(plugins[1].root).to.equal(path.join(dir, 'node_modules/@acme/onetrack-plugin-hello'));
      },
    );

    it('explains that a package must ship JavaScript', async () => {
      const error = await loadPlugins(['onetrack-plugin-typed'], dir).catch((e) => e);
      expect(error).to.be.instanceOf(ConfigError);
      expect(error.message).to.equal(
        'Plugin "onetrack-plugin-typed" ships TypeScript inside node_modules, which ' +
          'Node does not run: the package must ship JavaScript',
      );
    });

    it('refuses a package whose manifest is not named as a plugin', async () => {
      const error = await loadPlugins(['@acme/badly-named'], dir).catch((e) => e);
      expect(error).to.be.instanceOf(ConfigError);
      expect(error.message).to.equal(
        'Plugin name "@acme/badly-named" must be lower-case letters, digits and dashes, starting with a letter',
      );
    });
  });

  it('loads every shipped plugin: each declares a plugin API range this kernel meets', async () => {
    const plugins = await loadPlugins();
    expect(plugins.map((p) => p.name)).to.include('accounts');
    expect(plugins.every((p) => p.api === '^1.0.0')).to.equal(true);
  });
});
