// Notifications' part of the app shell: optional, as notifications may be disabled.

declare module '../../api/plugins/types.ts' {
  interface ShellData {
    unreadNotifications?: number;
  }
}

export {};
