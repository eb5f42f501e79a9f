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
  'plugins/catalog/components/ExclusiveCard.astro',
  'plugins/catalog/islands/ExclusiveMedia.tsx',
  'plugins/catalog/islands/ExclusiveCreator.tsx',
  'plugins/catalog/islands/DeleteExclusive.tsx',
  'plugins/accounts/components/AuthScreen.astro',
  'plugins/accounts/islands/AuthForm.tsx',
  'plugins/releases/pages/edit-release.astro',
  'plugins/releases/islands/EditRelease.tsx',
  'plugins/releases/components/EditReleaseLink.astro',
  'plugins/releases/components/YourReleases.astro',
  'plugins/releases/islands/wizard/StepDelivery.tsx',
  'plugins/releases/islands/wizard/StepReview.tsx',
  'plugins/releases/islands/wizard/StepComplete.tsx',
  'plugins/lyrics/components/EditLyricsLink.astro',
  'plugins/accounts/pages/forgot-password.astro',
  'plugins/accounts/pages/reset-password.astro',
  'plugins/accounts/pages/verify-email.astro',
  'plugins/accounts/pages/logout.astro',
  'plugins/accounts/pages/profile.astro',
  'plugins/accounts/pages/auth.astro',
  'plugins/accounts/pages/login.astro',
  'plugins/accounts/components/RecoveryCard.astro',
  'plugins/accounts/islands/LogoutNow.tsx',
  'plugins/accounts/islands/ForgotPassword.tsx',
  'plugins/accounts/islands/ResetPassword.tsx',
  'plugins/accounts/islands/VerifyEmail.tsx',
  'plugins/accounts/islands/EmailStatus.tsx',
  'plugins/accounts/islands/PasskeyLogin.tsx',
  'plugins/accounts/islands/ChangePassword.tsx',
  'plugins/accounts/islands/SecuritySettings.tsx',
  'plugins/accounts/islands/PasskeySettings.tsx',
  'plugins/accounts/islands/YourData.tsx',
  'plugins/accounts/islands/ProfileSettings.tsx',
  'plugins/accounts/islands/PlaybackPreferences.tsx',
  'plugins/messaging/pages/messages.astro',
  'plugins/messaging/islands/Inbox.tsx',
  'plugins/messaging/islands/MessageDialog.tsx',
  'plugins/messaging/islands/MessageButton.tsx',
  'plugins/messaging/islands/InboxLink.tsx',
  'plugins/messaging/islands/send.ts',
  'plugins/messaging/components/ShellUnreadPoller.astro',
  'plugins/messaging/islands/UnreadPoller.tsx',
  'plugins/notifications/pages/notifications.astro',
  'plugins/notifications/islands/NotificationList.tsx',
  'plugins/notifications/islands/BellLink.tsx',
  'plugins/notifications/islands/BellPoller.tsx',
  'plugins/notifications/components/ShellBellPoller.astro',
  'site/components/BadgeLink.tsx',
  'site/lib/session.ts',
  'plugins/search/pages/search.astro',
  'plugins/search/components/ArtistHitCard.astro',
  'plugins/search/islands/SearchBox.tsx',
  'site/components/HomeTestimonials.astro',
  'site/pages/500.astro',
  'site/pages/developers.astro',
  'site/components/NotFoundCard.astro',
  'site/components/EmptyState.astro',
  'site/components/LimitedText.tsx',
  'site/components/Progress.tsx',
  'site/components/WaveformBars.tsx',
  'site/components/Tabs.astro',
  'site/components/Icon.tsx',
  'site/components/SvgIcon.astro',
  'site/components/WebPicture.tsx',
  'site/lib/player.ts',
  'site/lib/playButtons.ts',
];

/** Names that stay as they are in every language. */
const PROPER = new Set(['OneTrack']);

const LETTER = /\p{L}/u;
const ATTRIBUTE = /\b(?:aria-label|title|placeholder|alt|label|aria-valuetext)=(["'])(.*?)\1/g;
const PROPERTY = /\b(?:title|description|label|message):\s*(['"`])(.*?)\1/g;
// Not after `=`: an arrow function's `=>` before a generic call (`=> apiRequest<T>(…)`) opens no markup.
const TEXT = /(?<!=)>([^<>{}]*)</g;

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
