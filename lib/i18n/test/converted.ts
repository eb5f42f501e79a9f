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
  'plugins/catalog/pages/artist.astro',
  'plugins/catalog/pages/track.astro',
  'plugins/catalog/pages/discover.astro',
  'plugins/catalog/components/ComingRelease.astro',
  'plugins/catalog/components/TrackPageArtist.astro',
  'plugins/catalog/components/Pager.astro',
  'plugins/catalog/components/GenreFilter.astro',
  'plugins/catalog/islands/TrackActions.tsx',
  'plugins/catalog/islands/ArtistActions.tsx',
  'plugins/catalog/islands/TrackExtras.tsx',
  'plugins/catalog/islands/ShareDialog.tsx',
  'plugins/catalog/islands/EmbedDialog.tsx',
  'plugins/catalog/islands/WaveformSeek.tsx',
  'plugins/insights/pages/dashboard.astro',
  'plugins/insights/components/LineChart.astro',
  'plugins/insights/components/SourcesChart.astro',
  'plugins/admin/pages/admin.astro',
  'plugins/admin/islands/ContentEditor.tsx',
  'plugins/admin/islands/AdminLink.tsx',
  'plugins/catalog/components/Countdown.astro',
  'plugins/catalog/components/SubscribeButton.astro',
  'plugins/catalog/components/DropRecord.astro',
  'plugins/pledges/components/PledgePanel.astro',
  'plugins/pledges/components/PledgesWaiting.astro',
  'plugins/pledges/components/VaultPledges.astro',
  'plugins/pledges/islands/PledgeButton.tsx',
  'plugins/pledges/islands/PledgeDialog.tsx',
  'plugins/pledges/islands/PledgedList.tsx',
  'plugins/pledges/islands/pledge.ts',
  'plugins/catalog/client/subscribe.ts',
  'plugins/catalog/client/subscribeButtons.ts',
  'plugins/offline/components/OfflineBanner.astro',
  'plugins/offline/components/OfflineSettings.astro',
  'plugins/offline/pages/offline.astro',
  'plugins/offline/islands/KeepOffline.tsx',
  'plugins/offline/islands/OfflineTracks.tsx',
  'plugins/ai/islands/AiButton.tsx',
  'plugins/ai/islands/AnalysisResultsDialog.tsx',
  'plugins/ai/islands/AnalyzeAudio.tsx',
  'plugins/ai/islands/EnhanceDescription.tsx',
  'plugins/ai/analysisRows.ts',
  'plugins/comments/islands/CommentList.tsx',
  'plugins/comments/islands/CommentStrip.tsx',
  'plugins/comments/islands/CommentAvatar.tsx',
  'plugins/comments/components/TrackComments.astro',
  'plugins/comments/components/CommentMarks.astro',
  'plugins/subsonic/pages/apps.astro',
  'plugins/subsonic/components/AppsLink.astro',
  'plugins/subsonic/islands/AppPasswords.tsx',
  'plugins/insights/islands/PrivateLinks.tsx',
  'plugins/lyrics/components/TrackLyrics.astro',
  'plugins/lyrics/pages/track-lyrics.astro',
  'plugins/lyrics/islands/LyricsLines.tsx',
  'plugins/lyrics/islands/PlayerLyrics.tsx',
  'plugins/lyrics/islands/LyricsPage.tsx',
  'plugins/lyrics/islands/LyricsEditor.tsx',
  'plugins/lyrics/islands/WizardLyrics.tsx',
  'plugins/moderation/islands/ReportButton.tsx',
  'plugins/moderation/islands/ReportDialog.tsx',
  'plugins/moderation/islands/CommentReport.tsx',
  'plugins/moderation/islands/MessageReport.tsx',
  'plugins/moderation/components/ArtistReport.astro',
  'plugins/moderation/components/TrackReport.astro',
  'plugins/moderation/components/AdminGate.astro',
  'plugins/federation/components/FollowOnFediverse.astro',
  'plugins/federation/components/FediverseFollowers.astro',
  'plugins/federation/client/copyHandle.ts',
  'plugins/insights/pages/preview.astro',
  'plugins/catalog/components/DirectorySort.astro',
  'plugins/catalog/islands/UnsubscribeButton.tsx',
];

/** Names that stay as they are in every language. */
const PROPER = new Set(['OneTrack', 'CSV']);

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
