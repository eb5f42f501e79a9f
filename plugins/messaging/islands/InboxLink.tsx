import { BadgeLink } from '../../../site/components/BadgeLink.tsx';

/** The top bar's envelope (island slot topbar.badges). */
export default function InboxLink({ unreadMessages }: { unreadMessages: number }) {
  return <BadgeLink href="/messages" icon="mail" label="Messages" count={unreadMessages} />;
}
