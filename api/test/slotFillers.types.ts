// Checked by tsc (npm run typecheck), never run: every React and hook filler the shipped manifests
// name takes its slot's declared props (SlotProps). extensionPoints.test.ts checks that this list is
// every such filler, so a new one is typed as soon as a manifest names it.
import type { SettingsTab } from '../../plugins/accounts/extensionPoints.ts';
import type { HookFiller, IslandFiller } from '../plugins/types.ts';
import filler0 from '../../plugins/catalog/client/timeZone.ts';
import filler1 from '../../plugins/catalog/client/countdowns.ts';
import filler2 from '../../plugins/catalog/client/subscribe.ts';
import filler3 from '../../plugins/catalog/client/artistSearch.ts';
import filler4 from '../../plugins/credits/islands/BillingTab.tsx';
import filler5 from '../../plugins/credits/islands/SupportButton.tsx';
import filler6 from '../../plugins/messaging/islands/InboxLink.tsx';
import filler7 from '../../plugins/messaging/islands/MessageButton.tsx';
import filler8 from '../../plugins/admin/islands/AdminLink.tsx';
import filler9 from '../../plugins/ai/islands/AnalyzeAudio.tsx';
import filler10 from '../../plugins/ai/islands/EnhanceDescription.tsx';
import filler11 from '../../plugins/search/islands/SearchBox.tsx';
import filler12 from '../../plugins/notifications/islands/BellLink.tsx';
import filler13 from '../../plugins/lyrics/islands/WizardLyrics.tsx';
import filler14 from '../../plugins/lyrics/client/saveAfterUpload.ts';
import filler15 from '../../plugins/lyrics/islands/PlayerLyrics.tsx';
import filler16 from '../../plugins/lyrics/client/followAudio.ts';
import filler17 from '../../plugins/moderation/islands/MessageReport.tsx';
import filler18 from '../../plugins/moderation/islands/CommentReport.tsx';
import filler19 from '../../plugins/insights/client/playReports.ts';
import filler20 from '../../plugins/offline/islands/KeepOffline.tsx';
import filler21 from '../../plugins/offline/client/start.ts';
import filler22 from '../../plugins/offline/client/streamOnly.ts';
import filler23 from '../../plugins/federation/client/copyHandle.ts';

export const fillers = [
  filler0 satisfies HookFiller<'page.start'>,
  filler1 satisfies HookFiller<'page.start'>,
  filler2 satisfies HookFiller<'page.start'>,
  filler3 satisfies HookFiller<'page.start'>,
  filler4 satisfies SettingsTab,
  filler5 satisfies IslandFiller<'artist.support'>,
  filler6 satisfies IslandFiller<'topbar.badges'>,
  filler7 satisfies IslandFiller<'artist.contact'>,
  filler8 satisfies IslandFiller<'topbar.links'>,
  filler9 satisfies IslandFiller<'upload.audio-tools'>,
  filler10 satisfies IslandFiller<'upload.description-tools'>,
  filler11 satisfies IslandFiller<'topbar.search'>,
  filler12 satisfies IslandFiller<'topbar.badges'>,
  filler13 satisfies IslandFiller<'upload.lyrics'>,
  filler14 satisfies HookFiller<'upload.submitted'>,
  filler15 satisfies IslandFiller<'player.views'>,
  filler16 satisfies HookFiller<'player.audio'>,
  filler17 satisfies IslandFiller<'message.actions'>,
  filler18 satisfies IslandFiller<'comment.actions'>,
  filler19 satisfies HookFiller<'player.audio'>,
  filler20 satisfies IslandFiller<'queue.actions'>,
  filler21 satisfies HookFiller<'page.start'>,
  filler22 satisfies HookFiller<'player.stream-only'>,
  filler23 satisfies HookFiller<'page.start'>,
];
