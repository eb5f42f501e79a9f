import { expect } from 'chai';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { navModule, oneSlotModule, slotModule } from '../plugins/astroIntegration.ts';
import { loadPlugins, orderByDependencies, pluginsRoot, readEnabledList, withoutPlugin } from '../plugins/loader.ts';
import type { PluginManifest } from '../plugins/types.ts';

const root = path.resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === 'test' || name === 'node_modules' ? [] : sourceFiles(file);
    return /\.(ts|tsx|astro|js|mjs)$/.test(name) ? [file] : [];
  });
}

/**
 * The plugin folders a source file imports from (static imports, `export … from`, `import()`, in
 * .astro frontmatter and scripts as in modules), with the imported path.
 */
function pluginImports(file: string): Array<{ plugin: string; target: string }> {
  const text = readFileSync(file, 'utf8');
  const imports = /^\s*(?:import|export)\s[^'"]*?from\s+'([^']+)'|^\s*import\s+'([^']+)'|\bimport\('([^']+)'\)/gm;
  return [...text.matchAll(imports)]
    .map((m) => m[1] ?? m[2] ?? m[3])
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => path.relative(pluginsRoot, path.resolve(path.dirname(file), spec)))
    .filter((rel) => !rel.startsWith('..'))
    .map((target) => ({ plugin: target.split(path.sep)[0], target }));
}

let declared: Map<string, string[]> | undefined;

/**
 * The slots SlotProps declares (the extensionPoints.ts files' declaration merging), with their props or hook
 * parameters.
 */
function declaredSlots(): Map<string, string[]> {
  if (declared) return declared;
  const typesFile = path.join(root, 'api/plugins/types.ts');
  const declaring = [path.join(root, 'site'), pluginsRoot].flatMap((dir) =>
    sourceFiles(dir).filter((file) => path.basename(file) === 'extensionPoints.ts'),
  );
  const program = ts.createProgram([typesFile, ...declaring], {
    allowImportingTsExtensions: true,
    noEmit: true,
    jsx: ts.JsxEmit.ReactJSX,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2022,
    skipLibCheck: true,
    types: [],
  });
  const checker = program.getTypeChecker();
  let slotProps: ts.InterfaceDeclaration | undefined;
  program.getSourceFile(typesFile)!.forEachChild((node) => {
    if (ts.isInterfaceDeclaration(node) && node.name.text === 'SlotProps') slotProps = node;
  });
  const slots = new Map<string, string[]>();
  for (const slot of checker.getTypeAtLocation(slotProps!.name).getProperties()) {
    const type = checker.getTypeOfSymbolAtLocation(slot, slotProps!);
    const [hook] = type.getCallSignatures();
    slots.set(
      slot.name,
      (hook ? hook.getParameters() : type.getProperties()).map((p) => p.name),
    );
  }
  return (declared = slots);
}

/** The slot table of docs/architecture.md's "Extension points": each slot with the props it names. */
function documentedSlots(): Map<string, string[]> {
  const doc = readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');
  const start = doc.indexOf('### Extension points');
  const section = doc.slice(start, doc.indexOf('\n## ', start));
  const names = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1].replace(/\(\)$/, ''));
  const slots = new Map<string, string[]>();
  for (const line of section.split('\n').filter((l) => l.startsWith('| `'))) {
    const [slot, , props] = line.slice(1).split('|');
    slots.set(names(slot)[0], names(props));
  }
  return slots;
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

    it('declare the props of every slot they fill, and type every React and hook filler', () => {
      const slots = declaredSlots();
      const fillers = shipped.flatMap((p) =>
        Object.entries(p.slots ?? {}).flatMap(([slot, files]) =>
          [files].flat().map((file) => ({ slot, file: `${p.name}/${file}` })),
        ),
      );
      expect(fillers.map((f) => f.slot).filter((slot) => !slots.has(slot))).to.deep.equal([]);
      const typed = readFileSync(path.join(import.meta.dirname, 'slotFillers.types.ts'), 'utf8');
      const checked = [...typed.matchAll(/from '\.\.\/\.\.\/plugins\/([^']+)'/g)].map((m) => m[1]);
      const reactOrHook = fillers.filter((f) => !f.file.endsWith('.astro')).map((f) => f.file);
      expect(checked.filter((file) => !file.endsWith('extensionPoints.ts')).sort()).to.deep.equal(reactOrHook.sort());
    }).timeout(180_000); // TypeScript reads the declarations: slow on a loaded machine

    it("match docs/architecture.md's slot table: every declared slot with its props", () => {
      expect(Object.fromEntries(documentedSlots())).to.deep.equal(Object.fromEntries(declaredSlots()));
    }).timeout(180_000);

    it('import no arrow up: a plugin reaches its dependencies only, the kernel and the site no plugin', () => {
      const byName = new Map(shipped.map((p) => [p.name, p]));
      const below = (name: string, found = new Set<string>()): Set<string> => {
        for (const dependency of byName.get(name)?.dependsOn ?? [])
          if (!found.has(dependency)) below(dependency, found.add(dependency));
        return found;
      };
      const offences: string[] = [];
      for (const plugin of shipped) {
        const dependencies = below(plugin.name);
        for (const file of sourceFiles(path.join(pluginsRoot, plugin.name))) {
          for (const { plugin: other, target } of pluginImports(file))
            if (other !== plugin.name && !dependencies.has(other))
              offences.push(`${path.relative(root, file)} → plugins/${target}`);
        }
      }
      for (const part of ['api', 'lib', 'site', 'media-worker']) {
        for (const file of sourceFiles(path.join(root, part)))
          for (const { target } of pluginImports(file))
            offences.push(`${path.relative(root, file)} → plugins/${target}`);
      }
      expect(offences).to.deep.equal([]);
    });
  });
});
