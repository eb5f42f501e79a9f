import { atom } from 'nanostores';
import type { ShellData } from '../../api/plugins/types.ts';

// What the sidebar and top bar show for the signed-in user. The server renders the first values;
// features update these stores (a new subscription, a polled unread count) without a reload.
export const $unreadMessages = atom(0);
export const $unreadNotifications = atom(0);
export const $subscriptions = atom<ShellData['subscriptions']>([]);

/** Takes the server's values on first load and after every page navigation. */
export function seedShell(shell: ShellData): void {
  $unreadMessages.set(shell.unreadMessages);
  $unreadNotifications.set(shell.unreadNotifications);
  $subscriptions.set(shell.subscriptions);
}
