// The editable texts of the home page, with the words they start with (spec §2 Home). The
// migration creates one row per block; the home components fall back to these defaults, so the
// page reads the same with or without the content plugin.

export const SECTIONS = ['hero', 'mission', 'how_it_works'] as const;
export type Section = (typeof SECTIONS)[number];
export type BlockType = 'text' | 'textarea';

export interface BlockDefinition {
  key: string;
  section: Section;
  label: string;
  description: string;
  type: BlockType;
  value: string;
}

const card = (
  section: Section,
  prefix: string,
  n: number,
  what: string,
  title: string,
  text: string,
): BlockDefinition[] => [
  {
    key: `${prefix}_${n}_title`,
    section,
    label: `${what} ${n} title`,
    description: `Heading of ${what.toLowerCase()} ${n}.`,
    type: 'text',
    value: title,
  },
  {
    key: `${prefix}_${n}_text`,
    section,
    label: `${what} ${n} text`,
    description: `Body text of ${what.toLowerCase()} ${n}.`,
    type: 'textarea',
    value: text,
  },
];

export const BLOCKS: BlockDefinition[] = [
  {
    key: 'hero_title',
    section: 'hero',
    label: 'Hero title',
    description: 'The main headline at the top of the home page.',
    type: 'text',
    value: 'One Track. Per Month. One Chance. Forever.',
  },
  {
    key: 'hero_subtitle',
    section: 'hero',
    label: 'Hero subtitle',
    description: 'The line under the headline.',
    type: 'textarea',
    value:
      'Artists release one official track a month. Fans pay one flat fee, get 100 ' +
      'equal credits and decide who gets paid. No premium tiers.',
  },
  ...card(
    'mission',
    'mission',
    1,
    'Mission card',
    'Quality Over Quantity',
    'One official track a month means every drop is the artist’s best work, not filler for an algorithm.',
  ),
  ...card(
    'mission',
    'mission',
    2,
    'Mission card',
    'Democratic Funding',
    'Every fan pays the same flat fee and gets the same 100 credits. No premium tiers, no louder wallets.',
  ),
  ...card(
    'mission',
    'mission',
    3,
    'Mission card',
    'Fair Distribution',
    'Your money goes only to the artists you choose, in proportion to the credits you give them.',
  ),
  ...card(
    'how_it_works',
    'step',
    1,
    'Step',
    'Monthly Artist Drops',
    'Artists release one official track each month: the monthly drop.',
  ),
  ...card(
    'how_it_works',
    'step',
    2,
    'Step',
    'Equal Credit System',
    'Each listener receives 100 credits at the start of every month.',
  ),
  ...card(
    'how_it_works',
    'step',
    3,
    'Step',
    'Fan Allocation',
    'You allocate your credits to the artists whose drops moved you.',
  ),
  ...card(
    'how_it_works',
    'step',
    4,
    'Step',
    'Artist Payouts',
    'Artists are paid in proportion to the credits fans allocate to them.',
  ),
];

export const DEFAULT_VALUES: Record<string, string> = Object.fromEntries(BLOCKS.map((b) => [b.key, b.value]));

/** Title and text of the numbered cards of a section, e.g. cards(values, 'mission', 3). */
export function cards(values: Record<string, string>, prefix: string, count: number) {
  return Array.from({ length: count }, (_, i) => ({
    title: values[`${prefix}_${i + 1}_title`],
    text: values[`${prefix}_${i + 1}_text`],
  }));
}
