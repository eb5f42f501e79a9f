import type { IslandFiller } from '../../api/plugins/types.ts';

// The slots accounts' pages render, with what their fillers receive (docs/architecture.md,
// "Extension points").

/**
 * What /profile hands its `settings.tabs` fillers: each plugin that fills a tab declares the part it
 * needs (declaration merging), and the page reads it through that plugin's service.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface SettingsTabData {}

/** A tab of Settings between Preferences and Your data: its panel, with the tab's key (`?tab=`) and title. */
export type SettingsTab = IslandFiller<'settings.tabs'> & { tab: { key: string; title: string } };

declare module '../../api/plugins/types.ts' {
  interface SlotProps {
    'settings.tabs': SettingsTabData;
    'settings.sections': Record<never, never>;
    /** Under the settings of a signed-in user. */
    'settings.links': Record<never, never>;
  }
}
