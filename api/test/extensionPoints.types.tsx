// Checked by tsc (npm run typecheck), never run: what the typed extension points refuse. An
// expected error that stops being one fails the check, so each refusal below stays true.
import { IslandSlot } from '../../site/components/IslandSlot.tsx';
import type { HookFiller, IslandFiller, ShellData } from '../plugins/types.ts';

declare const badges: Array<IslandFiller<'topbar.badges'>>;

export const right = <IslandSlot slot="topbar.badges" fillers={badges} unreadMessages={1} unreadNotifications={0} />;
export const wrongType = (
  // @ts-expect-error a slot's prop of the wrong type
  <IslandSlot slot="topbar.badges" fillers={badges} unreadMessages="1" unreadNotifications={0} />
);
// @ts-expect-error a prop the slot declares is missing
export const missing = <IslandSlot slot="topbar.badges" fillers={badges} unreadMessages={1} />;
// @ts-expect-error a slot nobody declares
export const unknownSlot = <IslandSlot slot="topbar.nothing" fillers={[]} />;
// @ts-expect-error fillers of another slot
export const otherFillers = <IslandSlot slot="queue.actions" fillers={badges} track={null!} />;

// @ts-expect-error a filler reading a prop its slot does not pass
export const readsWrongly: IslandFiller<'artist.contact'> = ({ artist }) => artist.email;

// @ts-expect-error a hook of the wrong signature
export const wrongHook: HookFiller<'player.stream-only'> = (trackId: string) => trackId === '';

// The shell's parts are declared by the plugins that fill them: a part nobody declares is refused.
export const shellPart = (shell: ShellData) => [
  shell.subscriptions,
  shell.membership,
  shell.unreadMessages,
  // @ts-expect-error nobody declares this part
  shell.unreadEverything,
];
