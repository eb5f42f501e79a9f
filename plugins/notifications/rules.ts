// The notification centre's kinds and limits, and its API texts (their translations: lib/i18n/messages).

export const KINDS = ['drop', 'pledge', 'message', 'moderation', 'account', 'comment'] as const;
export type NotificationKind = (typeof KINDS)[number];

/** How often an open page asks for the bell's unread count (a drop's job or a message may add one). */
export const BELL_POLL_MS = 30_000;

/** The page lists this many, newest first; older ones stay in the database. */
export const PAGE_SIZE = 50;

export const LOGIN_REQUIRED = 'Please log in to see your notifications';
export const NOT_YOURS = 'Notification not found';
