import type { SessionUser } from '../api/http/state.ts';
import type { PlayerTrack } from '../lib/playerTrack.ts';

// The slots the site's shell renders (AppLayout, the top bar, the player, the queue, the page
// scripts), with what their fillers receive (docs/architecture.md, "Extension points").

type NoProps = Record<never, never>;

declare module '../api/plugins/types.ts' {
  interface SlotProps {
    'shell.head': NoProps;
    'shell.banner': NoProps;
    'shell.end': NoProps;
    'topbar.search': NoProps;
    /** For visitors, beside an invitation to join: the home page's hero, the register page. */
    'join.price': NoProps;
    'topbar.badges': { unreadMessages: number; unreadNotifications: number };
    /** After the avatar of a signed-in user. */
    'topbar.links': { user: SessionUser };
    'player.views': { track: PlayerTrack };
    'queue.actions': { track: PlayerTrack };
    /** Once per `<audio>` (the site's player, the embed player), with the id of what it plays. */
    'player.audio': (audio: HTMLAudioElement, currentId: () => number | null) => void;
    /** True: play the track's stream file, not its master. */
    'player.stream-only': (trackId: number) => boolean;
    /** Once per page load, with the page scripts. */
    'page.start': () => void;
  }
}
