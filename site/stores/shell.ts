import { atom } from 'nanostores';
import type { ShellData } from '../../api/plugins/types.ts';

// What the sidebar and top bar show for the signed-in user. The server renders the first values;
// features update these stores (a new subscription, a polled unread count) without a reload.
export const $unreadMessages = atom(0);
export const $unreadNotifications = atom(0);
export const $subscriptions = atom<ShellData['subscriptions']>([]);
/** The membership the top bar offers an upgrade by; undefined until a feature changes it on this page. */
export const $membership = atom<ShellData['membership'] | undefined>(undefined);

type Subscribed = ShellData['subscriptions'][number];

/**
 * Artists subscribed to since the stores last took the server's values. On a busy page the sidebar
 * may hydrate after a Subscribe click: its server list, rendered before that click, must not take
 * the new artist away again.
 */
const added = new Map<number, Subscribed>();

/** Shows a new subscription in the sidebar at once, hydrated yet or not. */
export function addSubscription(artist: Subscribed): void {
  added.set(artist.id, artist);
  const list = $subscriptions.get();
  if (!list.some((a) => a.id === artist.id)) $subscriptions.set([...list, artist]);
}

/** Takes an ended subscription out of the sidebar at once. */
export function removeSubscription(artistId: number): void {
  added.delete(artistId);
  $subscriptions.set($subscriptions.get().filter((a) => a.id !== artistId));
}

/** Takes the server's values on first load and after every page navigation. */
export function seedShell(shell: ShellData): void {
  // Without messaging or notifications (optional plugins) there is nothing unread.
  $unreadMessages.set(shell.unreadMessages ?? 0);
  $unreadNotifications.set(shell.unreadNotifications ?? 0);
  $membership.set(shell.membership);
  const listed = new Set(shell.subscriptions.map((a) => a.id));
  $subscriptions.set([...shell.subscriptions, ...[...added.values()].filter((a) => !listed.has(a.id))]);
  added.clear();
}
