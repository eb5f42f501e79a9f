import { EMAIL_PATTERN, type FieldRules } from '../../api/validation/rules.ts';
import { LOCALES } from '../../lib/i18n/locales.ts';
import * as m from '../../lib/i18n/messages.ts';

// Limits and messages for accounts, shared by the API's ajv schemas and the browser forms.

export const ROLES = ['user', 'admin', 'superadmin'] as const;

/** What sign-in answers a suspended account, and what its pages say (the moderator's reason). */
export const suspendedMessage = (reason: string | null) =>
  reason ? m.api_suspended_because({ reason }) : m.api_suspended();
export type Role = (typeof ROLES)[number];

const username = {
  label: 'Username',
  type: 'string',
  minLength: 3,
  maxLength: 40,
  pattern: '^[A-Za-z0-9_.-]+$',
  messages: {
    minLength: 'Username must be at least 3 characters',
    pattern: 'Username may contain only letters, digits, dots, dashes and underscores',
  },
} as const;
const email = {
  label: 'Email',
  type: 'string',
  maxLength: 254,
  pattern: EMAIL_PATTERN,
  messages: { pattern: 'Please enter a valid email' },
} as const;
const name = {
  label: 'Name',
  type: 'string',
  minLength: 2,
  maxLength: 100,
  messages: { minLength: 'Name must be at least 2 characters' },
} as const;

/**
 * The form a username is compared and kept unique in (users.username_key, the login limiter's key):
 * the name with ASCII capitals lowered, the one folding the rules allow. Nothing else is folded (not
 * accents, not Unicode's other capitals such as the Kelvin sign), so only the name's own spelling matches.
 */
export function usernameKey(username: string): string {
  return username.trim().replace(/[A-Z]/g, (letter) => letter.toLowerCase());
}

export const loginRules: FieldRules = {
  username: {
    label: 'Username',
    type: 'string',
    minLength: 1,
    maxLength: 254,
    messages: { required: 'Username is required', minLength: 'Username is required' },
  },
  password: {
    label: 'Password',
    type: 'string',
    minLength: 1,
    maxLength: 200,
    messages: { required: 'Password is required', minLength: 'Password is required' },
  },
};
export const loginRequired = ['username', 'password'] as const;

export const registerRules: FieldRules = {
  username,
  password: {
    label: 'Password',
    type: 'string',
    minLength: 6,
    maxLength: 200,
    messages: { minLength: 'Password must be at least 6 characters' },
  },
  email,
  name,
  isArtist: { label: 'Artist account', type: 'boolean' },
};
export const registerRequired = ['username', 'password', 'email', 'name'] as const;

export const profileRules: FieldRules = {
  name,
  username,
  email,
  bio: {
    label: 'Bio',
    type: 'string',
    maxLength: 500,
    messages: { maxLength: 'Bio must be less than 500 characters' },
  },
  isArtist: { label: 'Artist account', type: 'boolean' },
};

/** Spec §2 Profile → Preferences: the switches, all on until the user turns one off (the theme is below). */
export const PREFERENCE_KEYS = [
  'emailNotifications',
  'inAppNotifications',
  'highQualityAudio',
  'normaliseLoudness',
] as const;
export type PreferenceKey = (typeof PREFERENCE_KEYS)[number];

/**
 * The site's colours: 'system' follows the device's light or dark setting (what every visitor and a new
 * account get), the others hold whatever the device says. Rendered into `<html data-bs-theme>`.
 */
export const THEMES = ['system', 'dark', 'light'] as const;
export type Theme = (typeof THEMES)[number];

/** The interface language (issue 43): 'auto' takes the page's (its URL's prefix, else English). */
export const LOCALE_CHOICES = ['auto', ...LOCALES] as const;
export type LocaleChoice = (typeof LOCALE_CHOICES)[number];

export type PreferenceValues = Record<PreferenceKey, boolean> & { theme: Theme; locale: LocaleChoice };

export const preferencesRules: FieldRules = {
  emailNotifications: { label: 'Email notifications', type: 'boolean' },
  inAppNotifications: { label: 'In-app notifications', type: 'boolean' },
  theme: { label: 'Theme', type: 'string', enum: THEMES },
  locale: { label: 'Language', type: 'string', enum: LOCALE_CHOICES },
  highQualityAudio: { label: 'High quality audio', type: 'boolean' },
  normaliseLoudness: { label: 'Normalise loudness', type: 'boolean' },
};

const MB = 1024 * 1024;

/** Profile photos: checked in the browser before sending and again on the server from the bytes. */
export const PHOTO_RULES = {
  maxBytes: 10 * MB,
  /** sharp's names for the formats taken. */
  formats: ['jpeg', 'png'],
  /** Browser file types for the picker and the browser's check. */
  types: ['image/jpeg', 'image/png'],
  minSide: 100,
  /** What is stored: a square JPEG this many pixels wide. */
  storedSide: 400,
  /**
   * The web sizes the media worker makes of an artist's photo (square AVIF and WebP): round avatars
   * of 24–48 px, cards of 112 px and the artist page's 140–180 px header, at 1x to 2x.
   */
  webWidths: [96, 224, 360],
  messages: {
    notImage: 'File must be an image (jpg, png, etc.)',
    format: 'Please choose a JPG or PNG image',
    tooLarge: 'File size must be less than 10MB',
    tooSmall: 'Image must be at least 100x100 pixels',
  },
} as const;

/** The photo travels as a data URL in JSON: base64 of at most PHOTO_RULES.maxBytes, plus room for the rest. */
export const PHOTO_BODY_LIMIT_BYTES = Math.ceil(PHOTO_RULES.maxBytes / 3) * 4 + 1024;

/**
 * Changes to a profile (name, username, address, bio, photo, an artist's genre) an account may make
 * an hour, counted on every node together: each shows anywhere, so it empties every cache on every
 * node, and an account must not be able to keep the site uncached.
 */
export const PROFILE_CHANGES_PER_HOUR = 30;
export const PROFILE_CHANGES_MESSAGE = 'You have changed your profile many times in the last hour.';
/** The API description's word for that refusal. */
export const PROFILE_CHANGES_ERROR =
  `more than ${PROFILE_CHANGES_PER_HOUR} profile changes (name, username, ` + `address, bio, photo, genre) in an hour`;

// The size is checked on the decoded bytes (413), past the body limit above.
export const photoRules: FieldRules = {
  data: {
    label: 'Photo',
    type: 'string',
    minLength: 1,
    messages: { required: 'Please choose a photo', minLength: 'Please choose a photo' },
  },
};

// Recovery: password reset and e-mail verification (recovery.ts).

const HOUR = 3600_000;
/** How long a link in a mail works; each works once. */
export const TOKEN_LIFETIME_MS = { reset: HOUR, verify: 24 * HOUR } as const;
export type TokenPurpose = keyof typeof TOKEN_LIFETIME_MS;

/** `/forgot-password?sent=1`: the link was asked for by the form posted without JavaScript. */
export const RESET_SENT_PARAM = 'sent';

export const RECOVERY_MESSAGES = {
  resetSent:
    'If an account uses that address, a link to choose a new password is on its way. It works once, for one hour.',
  resetDone: 'Your password has been changed and every other session signed out. Log in with your new password.',
  badLink: 'This link is invalid, was already used or has expired. Ask for a new one.',
  noMail:
    'This server cannot send e-mail yet: an operator must configure mail ' +
    '(SMTP_URL). Until then a forgotten password cannot be reset here.',
  verified: 'Your e-mail address is verified.',
  alreadyVerified: 'Your e-mail address is already verified.',
  verificationSent: 'We sent a verification link to your e-mail address. It works once, for 24 hours.',
  verificationInApp: 'This server sends no e-mail: the verification link is in your notifications.',
} as const;

export const resetRequestRules: FieldRules = { email };
export const resetRequestRequired = ['email'] as const;

const token = {
  label: 'Link',
  type: 'string',
  minLength: 1,
  maxLength: 100,
  messages: { required: RECOVERY_MESSAGES.badLink, minLength: RECOVERY_MESSAGES.badLink },
} as const;
export const resetRules: FieldRules = {
  token,
  password: registerRules.password,
};
export const resetRequired = ['token', 'password'] as const;

export const verifyRules: FieldRules = { token };
export const verifyRequired = ['token'] as const;

// Changing the password while signed in (passwordChange.ts, Settings › Security).
export const PASSWORD_CHANGE_MESSAGES = {
  current: 'Enter your current password',
  wrongCurrent: 'Your current password is not right',
  same: 'Choose a new password different from your current one',
  username: 'Your new password cannot be your username',
  mismatch: 'The two new passwords do not match',
  done: 'Your password has been changed.',
  doneSignedOut: 'Your password has been changed and every other device signed out.',
} as const;
export const passwordChangeRules: FieldRules = {
  currentPassword: {
    label: 'Current password',
    type: 'string',
    minLength: 1,
    maxLength: 200,
    messages: { minLength: PASSWORD_CHANGE_MESSAGES.current },
  },
  newPassword: { ...registerRules.password, label: 'New password' },
  signOutOthers: { label: 'Sign out every other device', type: 'boolean' },
};
export const passwordChangeRequired = ['newPassword'] as const;

// Passkeys (passkeys.ts).
export const PASSKEY_MESSAGES = {
  expired: 'This passkey request has expired. Try again.',
  refused: 'The passkey could not be checked. Try again.',
  duplicate: 'That passkey is already registered.',
  notFound: 'Passkey not found',
  unknown: 'That passkey is not registered here. Sign in with your password, then add it in Settings › Security.',
} as const;

/**
 * Why this page cannot add a passkey, or null when it can: the browser's rules, said before the
 * person tries (issue 44 point 5), since the browser's own refusal only names the domain invalid.
 */
export function passkeyBlocker(place: { hostname: string; secure: boolean; supported: boolean }): string | null {
  if (!place.supported) return m.passkey_unsupported();
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(place.hostname) || place.hostname.startsWith('['))
    return m.passkey_ip_address({ host: place.hostname });
  if (!place.secure) return m.passkey_insecure();
  return null;
}
export const passkeyNameRules: FieldRules = {
  name: {
    label: 'Passkey name',
    type: 'string',
    minLength: 1,
    maxLength: 100,
    messages: { minLength: 'Give the passkey a name' },
  },
};

// "Your data" (Settings): the export's limits and the deletion's confirmation.
const DAY = 24 * HOUR;
export const EXPORT_RULES = {
  /** One export requested per account in this window (a failed one does not count). */
  requestEveryMs: DAY,
  /** A ready archive can be downloaded this long, then the cleanup job removes it. */
  keepMs: 7 * DAY,
  messages: {
    inProgress: 'An export is already being prepared',
    tooSoon: 'You can ask for one export a day.',
    expired: 'This export has expired; ask for a new one',
    notFound: 'Export not found',
    notReady: 'This export is not ready yet',
  },
} as const;

export const DELETION_MESSAGES = {
  password: 'Enter your password to delete your account',
  wrongPassword: 'That password is not right',
  username: 'Type your username to delete your account',
  wrongUsername: 'That is not your username',
} as const;

export const deletionRules: FieldRules = {
  password: {
    label: 'Password',
    type: 'string',
    minLength: 1,
    maxLength: 200,
    messages: { minLength: DELETION_MESSAGES.password },
  },
  username: {
    label: 'Username',
    type: 'string',
    minLength: 1,
    maxLength: 254,
    messages: { minLength: DELETION_MESSAGES.username },
  },
};

/** A deleted account's artist (catalog's 410, credits' and pledges' refusals). */
export const ARTIST_DELETED = {
  gone: 'This artist has left OneTrack',
  allocation: 'This artist has left OneTrack and can no longer receive credits',
  pledge: 'This artist has left OneTrack and can no longer receive pledges',
} as const;
