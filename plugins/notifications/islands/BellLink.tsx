import { BadgeLink } from '../../../site/components/BadgeLink.tsx';
import * as m from '../../../lib/i18n/messages.ts';
import { localeHref } from '../../../lib/i18n/runtime.ts';

/** The top bar's bell (island slot topbar.badges). */
export default function BellLink({ unreadNotifications }: { unreadNotifications: number }) {
  return (
    <BadgeLink
      href={localeHref('/notifications')}
      icon="bell"
      label={m.notifications_badge({ count: unreadNotifications })}
      count={unreadNotifications}
      testId="notification-bell"
    />
  );
}
