import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../config.ts';
import { loadPlugins, projectRoot } from '../plugins/loader.ts';
import { readSettings, settingRow } from '../plugins/settings.ts';
import type { PluginManifest } from '../plugins/types.ts';

describe('plugins own their settings (manifest `settings`)', () => {
  let plugins: PluginManifest[];
  before(async () => (plugins = await loadPlugins()));

  it("README's settings table has every declared setting's row, as the declaration says it", () => {
    const readme = readFileSync(path.join(projectRoot, 'README.md'), 'utf8').split('\n');
    const declared = plugins.flatMap((p) => Object.values(p.settings ?? {}));
    expect(declared.length).to.be.greaterThan(5);
    for (const declaration of declared) expect(readme, declaration.env).to.include(settingRow(declaration));
  });

  it('reads each from the environment, an override first, and stops at the first wrong one with its one line', () => {
    const demo: PluginManifest = {
      name: 'demo',
      api: '^1.0.0',
      settings: {
        size: {
          env: 'DEMO_SIZE',
          default: 3,
          meaning: 'a size',
          validator(raw) {
            if (!/^\d+$/.test(raw)) throw new ConfigError(`DEMO_SIZE must be a whole number, got "${raw}"`);
            return Number(raw);
          },
        },
      },
    };
    const read = (env: Record<string, string>, overrides = {}) =>
      (readSettings([demo], env, overrides) as unknown as Record<string, { size: number }>).demo.size;
    expect(read({})).to.equal(3);
    expect(read({ DEMO_SIZE: '' })).to.equal(3);
    expect(read({ DEMO_SIZE: '7' })).to.equal(7);
    expect(read({ DEMO_SIZE: 'x' }, { demo: { size: 9 } })).to.equal(9);
    expect(() => read({ DEMO_SIZE: 'big' })).to.throw(ConfigError, 'DEMO_SIZE must be a whole number, got "big"');
  });
});
