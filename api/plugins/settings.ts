import type { PluginManifest, SettingDeclaration, Settings } from './types.ts';

export type Env = Record<string, string | undefined>;

/** What a test or a second node gives instead of the environment: any plugin's values, any of them. */
export type SettingsOverrides = { [P in keyof Settings]?: Partial<Settings[P]> };

/** The values a plugin's declarations produce (each validator's result). */
export type SettingValues<D extends Record<string, SettingDeclaration>> = {
  [K in keyof D]: ReturnType<D[K]['validator']> | D[K]['default'];
};

/**
 * Every enabled plugin's settings, read from the environment and checked, in plugin order: the first
 * setting a human must fix throws a ConfigError whose message is the one line the server prints.
 * An override (tests, a second node given the first one's values) replaces the environment's.
 */
export function readSettings(
  plugins: readonly PluginManifest[],
  env: Env,
  overrides: SettingsOverrides = {},
): Settings {
  const settings: Record<string, Record<string, unknown>> = {};
  for (const plugin of plugins) {
    if (!plugin.settings) continue;
    const given = (overrides as Record<string, Record<string, unknown> | undefined>)[plugin.name] ?? {};
    const values: Record<string, unknown> = {};
    for (const [key, declaration] of Object.entries(plugin.settings)) {
      if (key in given) values[key] = given[key];
      else {
        const raw = env[declaration.env];
        values[key] = raw === undefined || raw === '' ? declaration.default : declaration.validator(raw, env);
      }
    }
    settings[plugin.name] = values;
  }
  return settings as unknown as Settings;
}

/** The README's row for one setting (the settings table is checked against these). */
export function settingRow(declaration: SettingDeclaration): string {
  return (
    `| \`${declaration.env}\` | ` +
    `${declaration.shownDefault ?? `\`${String(declaration.default)}\``} | ` +
    `${declaration.meaning} |`
  );
}
