import { expect } from 'chai';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { navModule, oneSlotModule, slotModule } from '../plugins/astroIntegration.ts';
import { loadPlugins, orderByDependencies, pluginsRoot, readEnabledList, withoutPlugin } from '../plugins/loader.ts';
import type { PluginManifest } from '../plugins/types.ts';

const root = path.resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === 'test' || name === 'node_modules' ? [] : sourceFiles(file);
    return /\.(ts|tsx|astro)$/.test(name) ? [file] : [];
  });
}

/** The plugin folders a source file imports from, with the imported path. */
function pluginImports(file: string): Array<{ plugin: string; target: string }> {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^\s*import\s[^'"]*?from\s+'([^']+)'|^\s*import\s+'([^']+)'|\bimport\('([^']+)'\)/gm)]
    .map((m) => m[1] ?? m[2] ?? m[3])
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => path.relative(pluginsRoot, path.resolve(path.dirname(file), spec)))
    .filter((rel) => !rel.startsWith('..'))
    .map((target) => ({ plugin: target.split(path.sep)[0], target }));
}

describe('extension points and optional plugins', () => {
  const manifests = (names: Array<[string, string[]?, string[]?]>): PluginManifest[] =>
    names.map(([name, dependsOn, optionalDependsOn]) => ({ name, api: '^1.0.0', dependsOn, optionalDependsOn }));

  it('builds an optional dependency first when it is enabled, and needs nothing when it is not', () => {
    const order = (list: PluginManifest[]) => orderByDependencies(list).map((p) => p.name);
    expect(order(manifests([['pledges', [], ['notifications']], ['notifications']]))).to.deep.equal([
      'notifications',
      'pledges',
    ]);
    expect(order(manifests([['pledges', [], ['notifications']]]))).to.deep.equal(['pledges']);
  });

  it('turns a plugin off with everything that needs it, and keeps what only may use it', () => {
    const list = manifests([
      ['accounts'],
      ['messaging', ['accounts']],
      ['notifications', ['messaging']],
      ['moderation', ['notifications']],
      ['insights', ['accounts'], ['messaging']],
    ]);
    expect(withoutPlugin(list, 'messaging').map((p) => p.name)).to.deep.equal(['accounts', 'insights']);
    expect(withoutPlugin(list, 'moderation').map((p) => p.name)).to.deep.equal([
      'accounts',
      'messaging',
      'notifications',
      'insights',
    ]);
  });

  it('reads the enabled list ONETRACK_PLUGINS names', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'onetrack-list-'));
    const file = path.join(dir, 'enabled.json');
    writeFileSync(file, JSON.stringify(['accounts', 'catalog']));
    const before = process.env.ONETRACK_PLUGINS;
    process.env.ONETRACK_PLUGINS = file;
    try {
      expect(readEnabledList()).to.deep.equal(['accounts', 'catalog']);
    } finally {
      if (before === undefined) delete process.env.ONETRACK_PLUGINS;
      else process.env.ONETRACK_PLUGINS = before;
      rmSync(dir, { recursive: true });
    }
  });

  it('generates the slot modules from the manifests, fillers in plugin order', () => {
    const list: PluginManifest[] = [
      { name: 'releases', api: '^1.0.0', slots: { 'track.panels': ['components/A.astro', 'components/B.astro'] } },
      {
        name: 'moderation',
        api: '^1.0.0',
        slots: { 'track.actions': 'components/Report.astro', 'message.actions': 'islands/Report.tsx' },
      },
      { name: 'messaging', api: '^1.0.0', nav: [{ href: '/messages', label: 'Messages', icon: 'mail', order: 10 }] },
    ];
    const fillers = list.flatMap((p) =>
      Object.entries(p.slots ?? {}).flatMap(([slot, files]) =>
        [files].flat().map((file) => ({ slot, file: `/p/${p.name}/${file}` })),
      ),
    );
    const all = slotModule(fillers);
    expect(all).to.include('import filler0 from "/p/releases/components/A.astro";');
    expect(all).to.include('"track.panels": [filler0, filler1],');
    expect(all).to.include('"track.actions": [filler2],');
    expect(oneSlotModule(fillers, 'message.actions')).to.equal(
      'import filler0 from "/p/moderation/islands/Report.tsx";\nexport default [filler0];\n',
    );
    expect(oneSlotModule(fillers, 'nobody.fills')).to.equal('\nexport default [];\n');
    expect(navModule(list)).to.equal(
      'export default [{"href":"/messages","label":"Messages","icon":"mail","order":10}];\n',
    );
  });

  describe('the shipped plugins', () => {
    let shipped: PluginManifest[];
    before(async () => (shipped = await loadPlugins(readEnabledList(path.join(pluginsRoot, 'enabled.json')))));

    it('name their slot fillers by files that exist', () => {
      for (const plugin of shipped) {
        for (const file of Object.values(plugin.slots ?? {}).flat()) {
          expect(statSync(path.join(pluginsRoot, plugin.name, file)).isFile(), `${plugin.name}: ${file}`).to.equal(
            true,
          );
        }
      }
    });

    it("reach another plugin's modules only when it is core or a dependency, its components only when both are core or it is a dependency; the site reaches no optional plugin", () => {
      const byName = new Map(shipped.map((p) => [p.name, p]));
      const core = new Set(shipped.filter((p) => p.core).map((p) => p.name));
      expect([...core].sort()).to.deep.equal(['accounts', 'catalog', 'content', 'credits', 'releases']);
      const offences: string[] = [];
      for (const plugin of shipped) {
        for (const file of sourceFiles(path.join(pluginsRoot, plugin.name))) {
          for (const { plugin: other, target } of pluginImports(file)) {
            if (other === plugin.name) continue;
            // Always there together: a dependency, or two core plugins (accounts' settings show credits' Billing tab).
            const together = (plugin.dependsOn ?? []).includes(other) || (core.has(plugin.name) && core.has(other));
            const component = /[\\/](components|islands|pages)[\\/]/.test(target);
            if (!together && (component || !core.has(other)))
              offences.push(`${path.relative(root, file)} → plugins/${target}`);
          }
        }
      }
      for (const file of sourceFiles(path.join(root, 'site'))) {
        for (const { plugin: other, target } of pluginImports(file)) {
          if (!byName.get(other)?.core || /[\\/](components|islands|pages)[\\/]/.test(target))
            offences.push(`${path.relative(root, file)} → plugins/${target}`);
        }
      }
      expect(offences).to.deep.equal([]);
    });
  });
});
