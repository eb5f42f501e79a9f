import { useStore } from '@nanostores/react';
import type { SessionUser } from '../../api/http/state.ts';
import type { ShellData } from '../../api/plugins/types.ts';
import { Icon } from '../components/Icon.tsx';
import { IslandSlot } from '../components/IslandSlot.tsx';
import search from 'virtual:onetrack/islands/topbar.search';
import badges from 'virtual:onetrack/islands/topbar.badges';
import links from 'virtual:onetrack/islands/topbar.links';
import { initials } from '../../lib/format.ts';
import { logout } from '../lib/session.ts';
import { useHydrated } from '../lib/useHydrated.ts';
import { $membership, $unreadMessages, $unreadNotifications } from '../stores/shell.ts';
import { $drawerOpen, $sidebarExpanded, toggleSidebar } from '../stores/ui.ts';

interface Props {
  user: SessionUser | null;
  unreadMessages: number;
  unreadNotifications: number;
  membership: ShellData['membership'];
}

export default function TopBar({
  user,
  unreadMessages: initialUnread,
  unreadNotifications: initialNotifications,
  membership: initialMembership,
}: Props) {
  const expanded = useStore($sidebarExpanded);
  const drawerOpen = useStore($drawerOpen);
  const storedUnread = useStore($unreadMessages);
  // Before hydration (server render) the prop is the truth; afterwards the store, which features update.
  const hydrated = useHydrated();
  const unreadMessages = hydrated ? storedUnread : initialUnread;
  const storedNotifications = useStore($unreadNotifications);
  const unreadNotifications = hydrated ? storedNotifications : initialNotifications;
  // An upgrade or cancel on Billing changes it at once, without another page load.
  const storedMembership = useStore($membership);
  const membership = hydrated && storedMembership !== undefined ? storedMembership : initialMembership;

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
      <IslandSlot fillers={search} />
      <div className="topbar-actions">
        {user ? (
          <>
            {/* Spec text. Premium is the one membership (no tiers above it): offered to trials and cancelled accounts, not members. */}
            {(membership === 'trial' || membership === 'cancelled') && (
              <a href="/profile?tab=billing" className="btn btn-gold d-none d-md-inline-flex">
                <Icon name="crown" size={18} /> Upgrade to Premium
              </a>
            )}
            <IslandSlot fillers={badges} unreadMessages={unreadMessages} unreadNotifications={unreadNotifications} />
            <a href="/profile" className="topbar-avatar">
              <span className="visually-hidden">Your profile</span>
              {user.profileImage ? (
                <img className="avatar" src={user.profileImage} alt="" width={36} height={36} />
              ) : (
                <span className="avatar avatar-initials" aria-hidden="true">
                  {initials(user.name)}
                </span>
              )}
            </a>
            {/* On phones the search keeps the room: Admin and Logout are in the drawer there. */}
            <IslandSlot fillers={links} user={user} />
            <button
              type="button"
              className="btn btn-outline-secondary btn-sm d-none d-md-inline-flex"
              onClick={() => void logout()}
            >
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
