import { useStore } from '@nanostores/react';
import { navigate } from 'astro:transitions/client';
import { useState, type FormEvent } from 'react';
import type { SessionUser } from '../../api/http/state.ts';
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
}

export default function TopBar({ user, unreadMessages: initialUnread, unreadNotifications: initialNotifications }: Props) {
  const [query, setQuery] = useState('');
  const expanded = useStore($sidebarExpanded);
  const drawerOpen = useStore($drawerOpen);
  const storedUnread = useStore($unreadMessages);
  // Before hydration (server render) the prop is the truth; afterwards the store, which features update.
  const hydrated = useHydrated();
  const unreadMessages = hydrated ? storedUnread : initialUnread;
  const storedNotifications = useStore($unreadNotifications);
  const unreadNotifications = hydrated ? storedNotifications : initialNotifications;
  const isAdmin = user?.role === 'admin' || user?.role === 'superadmin';

  // The spec's original only logged the text; a search that goes somewhere is what people expect:
  // the artist directory, which matches names and genres.
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    const text = query.trim();
    void navigate(text ? `/artists?q=${encodeURIComponent(text)}` : '/artists');
  };

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
      <form className="topbar-search" role="search" aria-label="Site" onSubmit={onSearch}>
        <Icon name="search" size={18} className="topbar-search-icon" />
        <input
          type="search"
          className="form-control"
          placeholder="Search artists, tracks, or collections"
          aria-label="Search artists, tracks, or collections"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      </form>
      <div className="topbar-actions">
        {user ? (
          <>
            {/* Spec text; Billing explains the one membership everyone has (no premium tiers). */}
            <a href="/profile?tab=billing" className="btn btn-gold d-none d-md-inline-flex">
              <Icon name="crown" size={18} /> Upgrade to Premium
            </a>
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
            {isAdmin && (
              <a href="/admin" className="btn btn-outline-light btn-sm">
                <Icon name="shield" size={16} /> Admin
              </a>
            )}
            <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => void logout()}>
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
