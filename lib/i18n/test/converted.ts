/**
 * The files whose every visible text is a message (lib/i18n/messages): messages.test.ts fails on a
 * literal text in them. Grow the list as screens are converted (docs/architecture.md, "Languages").
 */
export const CONVERTED = [
  'site/layouts/AppLayout.astro',
  'site/components/LocaleBanner.astro',
  'site/islands/Sidebar.tsx',
  'site/islands/TopBar.tsx',
  'site/islands/Player.tsx',
  'site/islands/QueuePanel.tsx',
  'site/islands/Toaster.tsx',
  'site/pages/[...path].astro',
  'site/components/NotLoggedIn.astro',
  'site/components/HomeHero.astro',
  'site/components/HomeHowItWorks.astro',
  'site/components/HomeMission.astro',
  'plugins/catalog/pages/home.astro',
  'plugins/catalog/components/TrackCard.astro',
  'plugins/catalog/components/ArtistCard.astro',
  'plugins/catalog/components/DropBadge.astro',
  'plugins/catalog/pages/artists.astro',
  'plugins/accounts/components/AuthScreen.astro',
  'plugins/accounts/islands/AuthForm.tsx',
  'plugins/credits/islands/GetPaid.tsx',
  'plugins/credits/islands/RetryPayouts.tsx',
  'plugins/credits/components/Reconciliation.astro',
  'plugins/credits/components/PriceNote.astro',
  'plugins/credits/components/GetPaidSection.astro',
  'plugins/credits/pages/admin-payouts.astro',
];

/** Names that stay as they are in every language. */
const PROPER = new Set(['OneTrack']);

const LETTER = /\p{L}/u;
const ATTRIBUTE = /\b(?:aria-label|title|placeholder|alt|label|aria-valuetext)=(["'])(.*?)\1/g;
const PROPERTY = /\b(?:title|description|label|message):\s*(['"`])(.*?)\1/g;
const TEXT = />([^<>{}]*)</g;

/** Texts a person would read that are written in the source instead of coming from a message. */
export function literalTexts(source: string): string[] {
  const markup = source
    .replace(/^---[\s\S]*?\n---/, (frontmatter) => frontmatter.replace(/[^\n]/g, ' '))
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/g, '')
    .replace(/\{\/\*[\s\S]*?\*\/\}|\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, '');
  const found: string[] = [];
  const keep = (text: string) => {
    const trimmed = text.replace(/\s+/g, ' ').trim();
    if (LETTER.test(trimmed) && !PROPER.has(trimmed)) found.push(trimmed);
  };
  for (const [, , text] of markup.matchAll(ATTRIBUTE)) keep(text);
  for (const [, , text] of markup.matchAll(PROPERTY)) keep(text);
  // Markup text: what sits between tags, leaving out code that happens to hold a > and a <.
  for (const [, text] of markup.matchAll(TEXT)) if (!/[=;()&|?:]|=>/.test(text)) keep(text);
  return found;
}
