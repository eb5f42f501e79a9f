import { useStore } from '@nanostores/react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { SessionUser } from '../../api/http/state.ts';
import type { ShellData } from '../../api/plugins/types.ts';
import { Icon } from '../components/Icon.tsx';
import { IslandSlot } from '../components/IslandSlot.tsx';
import search from 'virtual:onetrack/islands/topbar.search';
import badges from 'virtual:onetrack/islands/topbar.badges';
import links from 'virtual:onetrack/islands/topbar.links';
import { initials } from '../../lib/format.ts';
import * as m from '../../lib/i18n/messages.ts';
import { localeHref } from '../../lib/i18n/runtime.ts';
import { logout } from '../lib/session.ts';
import { useHydrated } from '../lib/useHydrated.ts';
import { $membership, $unreadMessages, $unreadNotifications } from '../stores/shell.ts';
import { $drawerOpen, $sidebarExpanded, phoneLayout, toggleSidebar } from '../stores/ui.ts';

interface Props {
  user: SessionUser | null;
  unreadMessages: number;
  unreadNotifications: number;
  membership: ShellData['membership'];
  upgradeFree: ShellData['upgradeFree'];
}

export default function TopBar({
  user,
  unreadMessages: initialUnread,
  unreadNotifications: initialNotifications,
  membership: initialMembership,
  upgradeFree,
}: Props) {
  const expanded = useStore($sidebarExpanded);
  const drawerOpen = useStore($drawerOpen);
  // The toggle reports the drawer on phones, the sidebar's labels on wider screens (issue 44 point 12).
  const [phone, setPhone] = useState(false);
  useEffect(() => {
    const query = phoneLayout();
    const update = () => setPhone(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  const reported = phone ? drawerOpen : expanded;
  // Written to the element too: before hydration the page scripts set the phone's truth on it
  // (demandShellWhenShown), which React does not see, so React alone would leave it stale when a
  // click replayed at hydration opens the drawer before the phone width is noted (both then say true).
  const toggle = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => toggle.current?.setAttribute('aria-expanded', String(reported)), [reported]);
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
        aria-label={m.topbar_toggle()}
        ref={toggle}
        aria-controls="sidebar"
        aria-expanded={reported}
        onClick={toggleSidebar}
      >
        <Icon name="menu" />
      </button>
      {/* Phones hide the sidebar, and its name with it. */}
      <a
        href={localeHref('/')}
        className={`topbar-brand d-md-none${user ? ' topbar-brand-compact' : ''}`}
        aria-label={m.nav_brand_home()}
      >
        <img src="/favicon.svg" alt="" width={28} height={28} className="topbar-brand-mark" />
        <span className="topbar-brand-name">OneTrack</span>
      </a>
      <IslandSlot slot="topbar.search" fillers={search} />
      <div className="topbar-actions">
        {user ? (
          <>
            {/*
              Spec text. Premium is the one membership (no tiers above it): offered to trials and cancelled accounts,
              not members.
            */}
            {(membership === 'trial' || membership === 'cancelled') && (
              <a href={localeHref('/profile?tab=billing')} className="btn btn-gold d-none d-md-inline-flex">
                <Icon name="crown" size={18} /> {m.topbar_upgrade()}
                {upgradeFree && <span className="badge text-bg-dark ms-1">{m.topbar_upgrade_free()}</span>}
              </a>
            )}
            <IslandSlot
              slot="topbar.badges"
              fillers={badges}
              unreadMessages={unreadMessages}
              unreadNotifications={unreadNotifications}
            />
            <a href={localeHref('/profile')} className="topbar-avatar">
              <span className="visually-hidden">{m.topbar_profile()}</span>
              {user.profileImage ? (
                <img className="avatar" src={user.profileImage} alt="" width={36} height={36} />
              ) : (
                <span className="avatar avatar-initials" aria-hidden="true">
                  {initials(user.name)}
                </span>
              )}
            </a>
            {/* On phones the search keeps the room: Admin and Logout are in the drawer there. */}
            <IslandSlot slot="topbar.links" fillers={links} user={user} />
            <button
              type="button"
              className="btn btn-outline-secondary btn-sm d-none d-md-inline-flex"
              onClick={() => void logout()}
            >
              {m.nav_logout()}
            </button>
          </>
        ) : (
          <a href={localeHref('/auth')} className="btn btn-gold">
            {m.nav_login()}
          </a>
        )}
      </div>
    </header>
  );
}
