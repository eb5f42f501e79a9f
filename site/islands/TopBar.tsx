import { useStore } from '@nanostores/react';
import type { SessionUser } from '../../api/http/state.ts';
import type { ShellData } from '../../api/plugins/types.ts';
import SearchBox from '../../plugins/search/islands/SearchBox.tsx';
import { Icon } from '../components/Icon.tsx';
import { badgeCount, initials } from '../lib/format.ts';
import { logout } from '../lib/session.ts';
import { useHydrated } from '../lib/useHydrated.ts';
import { $unreadMessages, $unreadNotifications } from '../stores/shell.ts';
import { $drawerOpen, $sidebarExpanded, toggleSidebar } from '../stores/ui.ts';

interface Props {
  user: SessionUser | null;
  unreadMessages: number;
  unreadNotifications: number;
  membership: ShellData['membership'];
}

export default function TopBar({ user, unreadMessages: initialUnread, unreadNotifications: initialNotifications, membership }: Props) {
  const expanded = useStore($sidebarExpanded);
  const drawerOpen = useStore($drawerOpen);
  const storedUnread = useStore($unreadMessages);
  // Before hydration (server render) the prop is the truth; afterwards the store, which features update.
  const hydrated = useHydrated();
  const unreadMessages = hydrated ? storedUnread : initialUnread;
  const storedNotifications = useStore($unreadNotifications);
  const unreadNotifications = hydrated ? storedNotifications : initialNotifications;
  const isAdmin = user?.role === 'admin' || user?.role === 'superadmin';

  return (
    <header className="topbar">
      <button
        type="button"
        className="btn btn-icon"
        aria-label="Toggle sidebar"
        aria-controls="sidebar"
        aria-expanded={drawerOpen || expanded}
        onClick={toggleSidebar}
      >
        <Icon name="menu" />
      </button>
      {/* Phones hide the sidebar, and its name with it. */}
      <a href="/" className={`topbar-brand d-md-none${user ? ' topbar-brand-compact' : ''}`} aria-label="OneTrack home">
        <img src="/favicon.svg" alt="" width={28} height={28} className="topbar-brand-mark" />
        <span className="topbar-brand-name">OneTrack</span>
      </a>
      <SearchBox />
      <div className="topbar-actions">
        {user ? (
          <>
            {/* Spec text. Premium is the one membership (no tiers above it): offered to trials and cancelled accounts, not members. */}
            {(membership === 'trial' || membership === 'cancelled') && (
              <a href="/profile?tab=billing" className="btn btn-gold d-none d-md-inline-flex">
                <Icon name="crown" size={18} /> Upgrade to Premium
              </a>
            )}
            <a href="/notifications" className="btn btn-icon position-relative" aria-label={`Notifications${unreadNotifications ? `, ${unreadNotifications} unread` : ''}`} data-testid="notification-bell">
              <Icon name="bell" />
              {unreadNotifications > 0 && <span className="badge rounded-pill text-bg-warning topbar-badge">{badgeCount(unreadNotifications)}</span>}
            </a>
            <a href="/messages" className="btn btn-icon position-relative" aria-label={`Messages${unreadMessages ? `, ${unreadMessages} unread` : ''}`}>
              <Icon name="mail" />
              {unreadMessages > 0 && <span className="badge rounded-pill text-bg-warning topbar-badge">{badgeCount(unreadMessages)}</span>}
            </a>
            <a href="/profile" className="topbar-avatar">
              <span className="visually-hidden">Your profile</span>
              {user.profileImage ? (
                <img className="avatar" src={user.profileImage} alt="" width={36} height={36} />
              ) : (
                <span className="avatar avatar-initials" aria-hidden="true">{initials(user.name)}</span>
              )}
            </a>
            {/* On phones the search keeps the room: Admin and Logout are in the drawer there. */}
            {isAdmin && (
              <a href="/admin" className="btn btn-outline-light btn-sm d-none d-md-inline-flex">
                <Icon name="shield" size={16} /> Admin
              </a>
            )}
            <button type="button" className="btn btn-outline-secondary btn-sm d-none d-md-inline-flex" onClick={() => void logout()}>
              Logout
            </button>
          </>
        ) : (
          <a href="/auth" className="btn btn-gold">
            Login
          </a>
        )}
      </div>
    </header>
  );
}
