import { BadgeLink } from '../../../site/components/BadgeLink.tsx';

/** The top bar's bell (island slot topbar.badges). */
export default function BellLink({ unreadNotifications }: { unreadNotifications: number }) {
  return (
    <BadgeLink
      href="/notifications"
      icon="bell"
      label="Notifications"
      count={unreadNotifications}
      testId="notification-bell"
    />
  );
}
