import { BadgeLink } from '../../../site/components/BadgeLink.tsx';
import * as m from '../../../lib/i18n/messages.ts';
import { localeHref } from '../../../lib/i18n/runtime.ts';

/** The top bar's envelope (island slot topbar.badges). */
export default function InboxLink({ unreadMessages }: { unreadMessages: number }) {
  return (
    <BadgeLink
      href={localeHref('/messages')}
      icon="mail"
      label={m.messages_badge({ count: unreadMessages })}
      count={unreadMessages}
    />
  );
}
