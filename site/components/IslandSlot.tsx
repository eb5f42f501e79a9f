import type { ComponentType } from 'react';

/**
 * An extension point inside a React island: renders the components that the enabled plugins put in
 * one slot, each with the other props. The island imports that slot's fillers itself
 * (`import badges from 'virtual:onetrack/islands/topbar.badges'`, docs/architecture.md "Extension
 * points"), so its bundle holds those and no other slot's; they hydrate with the island.
 */
export function IslandSlot({ fillers, ...props }: { fillers: Array<ComponentType<any>>; [prop: string]: unknown }) {
  return fillers.map((Filler, index) => <Filler key={index} {...props} />);
}
