import type { ComponentType } from 'react';
import type { SlotName, SlotProps } from '../../api/plugins/types.ts';

/**
 * An extension point inside a React island: renders the components that the enabled plugins put in
 * one slot, each with the other props, which the slot's entry in SlotProps types (a prop it does not
 * declare fails tsc). The island imports that slot's fillers itself
 * (`import badges from 'virtual:onetrack/islands/topbar.badges'`, docs/architecture.md "Extension
 * points"), so its bundle holds those and no other slot's; they hydrate with the island.
 */
export function IslandSlot<Name extends SlotName>({
  slot: _slot,
  fillers,
  ...props
}: { slot: Name; fillers: ReadonlyArray<ComponentType<SlotProps[Name]>> } & SlotProps[Name]) {
  return fillers.map((Filler, index) => <Filler key={index} {...(props as SlotProps[Name] & object)} />);
}
