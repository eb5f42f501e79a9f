import slots from 'virtual:onetrack/slots';

/** Whether any enabled plugin fills the page slot `name` (site/components/Slot.astro). */
export function slotFilled(name: string): boolean {
  return (slots[name]?.length ?? 0) > 0;
}
