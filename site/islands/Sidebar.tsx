import { useStore } from '@nanostores/react';
import { useEffect, type ReactNode } from 'react';
import type { SessionUser } from '../../api/http/state.ts';
import type { NavEntry, ShellData } from '../../api/plugins/types.ts';
import { Icon, type IconName } from '../components/Icon.tsx';
import { WebPicture } from '../components/WebPicture.tsx';
import { badgeCount, initials } from '../../lib/format.ts';
import * as m from '../../lib/i18n/messages.ts';
import { localeHref } from '../../lib/i18n/runtime.ts';
import { logout } from '../lib/session.ts';
import { useHydrated } from '../lib/useHydrated.ts';
import { $subscriptions, $unreadMessages, seedShell } from '../stores/shell.ts';
import { $drawerOpen, $sidebarExpanded, closeDrawer, phoneLayout, restoreSidebar } from '../stores/ui.ts';

// The core features' entries; the other plugins add theirs (manifests' `nav`, the `entries` prop).
// Labels are messages, called at render: the language is the request's.
const ENTRIES: Array<{ href: string; label: () => string; icon: IconName }> = [
  { href: '/', label: m.nav_home, icon: 'home' },
  { href: '/discover', label: m.nav_discover, icon: 'compass' },
  { href: '/collection', label: m.nav_collection, icon: 'library' },
  { href: '/artists', label: m.nav_artists, icon: 'users' },
  { href: '/upload', label: m.nav_upload, icon: 'upload' },
  { href: '/credits', label: m.nav_credits, icon: 'coins' },
];

interface Props {
  user: SessionUser | null;
  shell: ShellData;
  path: string;
  /** The enabled plugins' entries (virtual:onetrack/nav), in their order. */
  entries: NavEntry[];
}

function shownTo(entry: NavEntry, user: SessionUser | null): boolean {
  if (entry.audience === 'artists') return !!user?.isArtist;
  if (entry.audience === 'admins') return user?.role === 'admin' || user?.role === 'superadmin';
  return true;
}

function isCurrent(href: string, path: string) {
  return href === '/' ? path === '/' : path === href || path.startsWith(`${href}/`);
}

/** One entry of the sidebar: its icon, its label (the only text once the sidebar is narrow) and a badge. */
function NavLink({
  href,
  label,
  icon,
  path,
  badge,
}: {
  href: string;
  label: string;
  icon: IconName;
  path: string;
  badge?: ReactNode;
}) {
  const current = isCurrent(href, path);
  return (
    <li>
      <a
        href={localeHref(href)}
        className={`sidebar-link${current ? ' active' : ''}`}
        aria-current={current ? 'page' : undefined}
        title={label}
        onClick={closeDrawer}
      >
        <Icon name={icon} />
        <span className="label">{label}</span>
        {badge}
      </a>
    </li>
  );
}

export default function Sidebar({ user, shell, path, entries }: Props) {
  const expanded = useStore($sidebarExpanded);
  const drawerOpen = useStore($drawerOpen);
  const unread = useStore($unreadMessages);
  const subscriptions = useStore($subscriptions);

  // Server-rendered HTML uses the props; the stores take them over once hydrated.
  useEffect(() => seedShell(shell), [shell]);
  const hydrated = useHydrated();
  const shown = hydrated ? { unreadMessages: unread, subscriptions } : shell;

  useEffect(restoreSidebar, []);
  useEffect(() => {
    // A window resized across the phone width changes what the sidebar is: a drawer left open would
    // lock a desktop's scroll, or come back without its focus and backdrop; it closes on the change.
    const query = phoneLayout();
    query.addEventListener('change', closeDrawer);
    return () => query.removeEventListener('change', closeDrawer);
  }, []);
  useEffect(() => {
    // Spec: the mobile drawer locks body scroll while open.
    document.body.classList.toggle('drawer-locked', drawerOpen);
    if (!drawerOpen) return;
    // The opened drawer takes the focus, and gives it back to the toggle when it closes.
    document.querySelector<HTMLElement>('#sidebar a, #sidebar button')?.focus();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && closeDrawer();
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (document.activeElement?.closest('#sidebar') || document.activeElement === document.body)
        document.querySelector<HTMLElement>('[aria-controls="sidebar"]')?.focus();
    };
  }, [drawerOpen]);

  return (
    <>
      <div
        className={`drawer-backdrop${drawerOpen ? ' show' : ''}`}
        onClick={closeDrawer}
        aria-hidden="true"
        data-testid="drawer-backdrop"
      />
      <nav
        id="sidebar"
        className={`sidebar${expanded ? ' expanded' : ''}${drawerOpen ? ' open' : ''}`}
        aria-label={m.nav_main()}
      >
        <a href={localeHref('/')} className="sidebar-brand" aria-label={m.nav_brand_home()}>
          <img src="/favicon.svg" alt="" width={32} height={32} />
          <span className="label">OneTrack</span>
        </a>
        <ul className="sidebar-list">
          {[...ENTRIES, ...entries.filter((e) => e.place !== 'foot' && shownTo(e, user))].map((entry) => (
            <NavLink
              key={entry.href}
              href={entry.href}
              label={typeof entry.label === 'function' ? entry.label() : entry.label}
              icon={entry.icon as IconName}
              path={path}
              badge={
                'badge' in entry && entry.badge === 'unreadMessages' && shown.unreadMessages ? (
                  <span
                    className="badge rounded-pill text-bg-warning sidebar-badge"
                    aria-label={m.nav_unread_messages({ count: shown.unreadMessages })}
                  >
                    {badgeCount(shown.unreadMessages)}
                  </span>
                ) : undefined
              }
            />
          ))}
        </ul>
        {user && (
          <section className="sidebar-subscriptions" aria-labelledby="subscriptions-heading">
            <h2 id="subscriptions-heading" className="sidebar-heading label">
              {m.nav_subscriptions()}
            </h2>
            {shown.subscriptions.length === 0 ? (
              <p className="sidebar-empty label">{m.nav_no_subscriptions()}</p>
            ) : (
              <ul className="sidebar-list">
                {shown.subscriptions.map((artist) => (
                  <li key={artist.id}>
                    <a
                      href={localeHref(`/artist/${artist.id}`)}
                      className="sidebar-link"
                      title={artist.name}
                      onClick={closeDrawer}
                    >
                      {artist.profileImage ? (
                        <WebPicture
                          className="avatar avatar-sm"
                          src={artist.profileImage}
                          srcset={artist.photoSrcset}
                          sizes="24px"
                          alt=""
                          width={24}
                          height={24}
                        />
                      ) : (
                        <span className="avatar avatar-sm avatar-initials" aria-hidden="true">
                          {initials(artist.name)}
                        </span>
                      )}
                      <span className="label">{artist.name}</span>
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}
        <ul className="sidebar-list sidebar-bottom">
          {entries
            .filter((e) => e.place === 'foot' && shownTo(e, user))
            .map((entry) => (
              <NavLink
                key={entry.href}
                href={entry.href}
                label={entry.label}
                icon={entry.icon as IconName}
                path={path}
              />
            ))}
          <NavLink href="/transparency" label={m.nav_transparency()} icon="shield" path={path} />
          <NavLink href="/developers" label={m.nav_developers()} icon="code" path={path} />
          <NavLink href="/profile" label={m.nav_settings()} icon="settings" path={path} />
          <li>
            {user ? (
              <button type="button" className="sidebar-link" title={m.nav_logout()} onClick={() => void logout()}>
                <Icon name="logout" />
                <span className="label">{m.nav_logout()}</span>
              </button>
            ) : (
              <a href={localeHref('/auth')} className="sidebar-link" title={m.nav_login()} onClick={closeDrawer}>
                <Icon name="logout" />
                <span className="label">{m.nav_login()}</span>
              </a>
            )}
          </li>
        </ul>
      </nav>
    </>
  );
}
